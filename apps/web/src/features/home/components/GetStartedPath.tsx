import { Link } from '@tanstack/react-router';

/**
 * What an empty space shows on Home: the three steps that bring a device's values onto a dashboard, each
 * leading to the page where it is done.
 */
export function GetStartedPath({ spaceName }: { spaceName: string }) {
  return (
    <section className="get-started-path" aria-labelledby="get-started-path-title">
      <h2 id="get-started-path-title">Start with your first device</h2>
      <p className="muted">
        {spaceName} has no devices, things, dashboards or sketches yet. Three steps get you going:
      </p>
      <ol className="get-started-steps">
        <li>
          <Link to="/devices/new/" search={{ type: 'any' }} className="get-started-step">
            <strong>Add a device</strong>
            <span className="muted">A board, a generic MQTT client or the simulator.</span>
          </Link>
        </li>
        <li>
          <Link to="/things/" className="get-started-step">
            <strong>Create a thing</strong>
            <span className="muted">The variables your device reports and receives.</span>
          </Link>
        </li>
        <li>
          <Link to="/dashboards/" className="get-started-step">
            <strong>Build a dashboard</strong>
            <span className="muted">Widgets that show and change those variables.</span>
          </Link>
        </li>
      </ol>
    </section>
  );
}

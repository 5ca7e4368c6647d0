import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <div className="not-found">
      <h1>Not Found</h1>
      <p>This page does not exist, or it is not available to you.</p>
      <Link to="/" className="button">
        Go to Home
      </Link>
    </div>
  );
}

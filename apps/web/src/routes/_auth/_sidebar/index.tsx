import { createFileRoute } from '@tanstack/react-router';
import { homeSearchSchema } from '@tinkercloud/shared';
import { Page } from '../../../components/Page.tsx';
import { useCurrentUser } from '../../../features/profile/api/use-current-user.ts';

export const Route = createFileRoute('/_auth/_sidebar/')({
  staticData: { title: 'Home' },
  // The join, get-started and renewal flows that read these arrive in later issues.
  validateSearch: homeSearchSchema,
  component: HomePage,
});

function HomePage() {
  const { user } = useCurrentUser();
  const name = user.name || user.username;
  return (
    <Page title="Home">
      <p className="welcome">{name ? `Welcome, ${name}!` : 'Welcome!'}</p>
      <p className="muted">
        Your devices, things, dashboards and sketches will show up here as you add them.
      </p>
    </Page>
  );
}

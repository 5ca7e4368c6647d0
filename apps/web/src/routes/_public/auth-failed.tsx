import { createFileRoute, Link } from '@tanstack/react-router';
import { redirectSignedInHome } from '../../lib/route-guards.ts';

/**
 * Authentication failure (spec 2.1). Reachable when the company customization has url_enabled or when the
 * user is not signed in; customizations arrive in a later issue, so for now only signed-out users see it.
 */
export const Route = createFileRoute('/_public/auth-failed')({
  staticData: { title: 'Auth Failed' },
  beforeLoad: redirectSignedInHome,
  component: AuthFailed,
});

function AuthFailed() {
  return (
    <>
      <h1>Auth Failed</h1>
      <p>We could not sign you in with your organisation's account.</p>
      <Link to="/" className="button">
        Try again
      </Link>
    </>
  );
}

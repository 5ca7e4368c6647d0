import { createFileRoute, Link, redirect } from '@tanstack/react-router';

/**
 * Authentication failure (spec 2.1). Reachable when the company customization has url_enabled or when the
 * user is not signed in; customizations arrive in a later issue, so for now only signed-out users see it.
 */
export const Route = createFileRoute('/_public/auth-failed')({
  staticData: { title: 'Auth Failed' },
  beforeLoad: ({ context }) => {
    if (context.auth.store.getState().isAuthenticated) throw redirect({ to: '/', replace: true });
  },
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

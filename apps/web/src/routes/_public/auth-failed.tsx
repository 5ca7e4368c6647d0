import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { loadCustomization } from '@/features/customization/company-sign-in.ts';

/**
 * Authentication failure (spec 2.1). Signed-out users may always see it. Signed-in users see it only when
 * the company-customised sign-in sent them here (a company key whose customization is not enabled); the
 * spec's "reachable only when url_enabled" and "not url_enabled goes to /auth-failed" disagree, and this
 * reading keeps the redirect from bouncing home.
 */
export const Route = createFileRoute('/_public/auth-failed')({
  staticData: { title: 'Auth Failed' },
  beforeLoad: async ({ context }) => {
    if (!context.auth.store.getState().isAuthenticated) return;
    const record = context.config.companyKey ? await loadCustomization(context).catch(() => null) : null;
    if (!record || record.url_enabled) throw redirect({ to: '/', replace: true });
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

import { createFileRoute, type ErrorComponentProps, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useServices } from '../app/services.tsx';
import { PageLoader } from '../components/PageLoader.tsx';
import { RouteError } from '../components/RouteError.tsx';
import { checkCompanySignIn } from '../features/customization/company-sign-in.ts';
import { EmailVerificationBanner } from '../features/profile/components/EmailVerificationBanner.tsx';
import { SignInRequiredError } from '../lib/auth/auth-errors.ts';
import { logger } from '../lib/logger.ts';

/** Every page below requires sign-in (spec 6.2); the guard runs before any child loads. */
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => {
    if (!context.auth.store.getState().isAuthenticated) throw new SignInRequiredError(location.href);
    // Company-customised sign-in first (it may send the user elsewhere), then the spaces the guards read.
    await checkCompanySignIn(context, location.pathname);
    await context.spaces.ensureLoaded();
  },
  errorComponent: GuardError,
  component: SignedIn,
});

function SignedIn() {
  return (
    <>
      <Outlet />
      <EmailVerificationBanner />
    </>
  );
}

function GuardError(props: ErrorComponentProps) {
  if (props.error instanceof SignInRequiredError) return <SignInRedirect returnTo={props.error.returnTo} />;
  return <RouteError {...props} />;
}

/** Shown while the browser leaves for the identity provider. */
function SignInRedirect({ returnTo }: { returnTo: string }) {
  const { auth } = useServices();
  useEffect(() => {
    auth.login(returnTo).catch((error: unknown) => logger.error('Sign-in failed', error));
  }, [auth, returnTo]);
  return (
    <main className="sign-in-redirect" role="status">
      <p>You must be logged in to access this page.</p>
      <PageLoader />
    </main>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useServices } from '@/app/services.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { logger } from '@/lib/logger.ts';
import { redirectSignedInHome } from '@/lib/route-guards.ts';

/** Starts a sign-in as a minor (is_minor=1); a signed-in user goes home instead (spec 2.1). */
export const Route = createFileRoute('/_public/minors')({
  staticData: { title: 'Sign in' },
  beforeLoad: redirectSignedInHome,
  component: MinorsSignIn,
});

function MinorsSignIn() {
  const { auth } = useServices();
  useEffect(() => {
    auth.login('/', { is_minor: '1' }).catch((error: unknown) => logger.error('Sign-in failed', error));
  }, [auth]);
  return (
    <>
      <p>Taking you to sign in…</p>
      <PageLoader />
    </>
  );
}

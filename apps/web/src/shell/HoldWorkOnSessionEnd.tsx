import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useServices } from '../app/services.tsx';
import { createSessionEnd } from '../lib/auth/session-end.ts';

const SessionEndedDialog = lazy(() => import('./SessionEndedDialog.tsx'));

/**
 * Rendered by an editor: while `unsaved` is true, a session that ends keeps the page and this shows the offer
 * to sign in again in a popup (then the waiting save goes through), instead of the sign-in redirect, which
 * would lose the work (auth-service's holdWork). Lives in the editors' chunks, off the first page.
 */
export function HoldWorkOnSessionEnd({ unsaved }: { unsaved: boolean }) {
  const { auth } = useServices();
  const [session] = useState(() => createSessionEnd(auth.signInByPopup));
  useEffect(() => {
    if (!unsaved) return;
    const release = auth.holdWork(session.ask);
    return () => {
      release();
      session.dismiss();
    };
  }, [auth, session, unsaved]);
  const ended = useSyncExternalStore(session.subscribe, session.ended);
  return ended ? (
    <Suspense>
      <SessionEndedDialog session={session} />
    </Suspense>
  ) : null;
}

import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useServices } from '../app/services.tsx';

const SessionEndedDialog = lazy(() => import('./SessionEndedDialog.tsx'));

/** Shows the sign-in-again dialog (a lazy chunk) while an ended session holds the page's unsaved work. */
export function SessionEndedPrompt() {
  const { session } = useServices().auth;
  const ended = useSyncExternalStore(session.subscribe, session.ended);
  return ended ? (
    <Suspense>
      <SessionEndedDialog session={session} />
    </Suspense>
  ) : null;
}

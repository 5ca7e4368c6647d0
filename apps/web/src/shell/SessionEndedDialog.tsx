import { useState } from 'react';
import { Button } from '../components/Button.tsx';
import { Dialog } from '../components/Dialog.tsx';
import type { SessionEnd } from '../lib/auth/session-end.ts';

/**
 * Offered when the session ends while the page holds unsaved work: signing in again happens in a popup, so
 * the page and its work stay, and the save that was waiting goes through. "Not now" (or Escape) keeps the
 * work on the page; that save fails and the next one asks again.
 */
export default function SessionEndedDialog({ session }: { session: SessionEnd }) {
  const [error, setError] = useState('');
  const signIn = () =>
    session.signInAgain().catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  return (
    <Dialog label="Your session has ended" onClose={session.dismiss}>
      <p>Sign in again to keep your unsaved changes. They are saved as soon as you are signed in.</p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="modal-actions">
        <Button variant="subtle" onClick={session.dismiss}>
          Not now
        </Button>
        <Button onClick={signIn}>Sign in again</Button>
      </div>
    </Dialog>
  );
}

import { useBlocker } from '@tanstack/react-router';
import { useRef } from 'react';
import { Button } from '@/components/Button.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { HoldWorkOnSessionEnd } from '@/shell/HoldWorkOnSessionEnd.tsx';

/**
 * Asks before leaving the editor with unsaved changes: inside the app (a link, Back) with a dialog, and on
 * reload, closing the tab or leaving the site with the browser's own prompt (`beforeunload`); and a session
 * that ends meanwhile offers a sign-in in a popup rather than the redirect that would lose the changes. The
 * dashboard editor uses it too, naming what is being edited (`what`).
 */
export function UnsavedChangesGuard({ unsaved, what = 'sketch' }: { unsaved: boolean; what?: string }) {
  // Read when a navigation starts, so the blocker never decides on an earlier render's state.
  const latest = useRef(unsaved);
  latest.current = unsaved;
  const blocker = useBlocker({
    shouldBlockFn: () => latest.current,
    enableBeforeUnload: () => latest.current,
    withResolver: true,
  });
  return (
    <>
      <HoldWorkOnSessionEnd unsaved={unsaved} />
      {blocker.status === 'blocked' && (
        <Dialog label="Leave without saving?" onClose={blocker.reset}>
          <p>This {what} has unsaved changes. They are lost if you leave now.</p>
          <div className="modal-actions">
            <Button variant="subtle" onClick={blocker.reset}>
              Stay
            </Button>
            <Button variant="danger" onClick={blocker.proceed}>
              Leave without saving
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}

import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { isChunkLoadError, reloadPageAfterChunkError } from '../lib/chunk-reload.ts';

/** The router's fallback for a failing route (spec section 8): a short message, details on demand, Try again. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const [open, setOpen] = useState(false);
  // Absent only when rendered outside a router (unit tests).
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;

  useEffect(() => {
    // A stale chunk after a deploy: one reload fetches the new build.
    if (isChunkLoadError(error)) reloadPageAfterChunkError();
  }, [error]);

  // A loader error stays until the route loads again: reset the boundary and re-run the loaders.
  const tryAgain = () => {
    reset();
    void router?.invalidate();
  };

  return (
    <div className="route-error" role="alert">
      <h2>Something went wrong!</h2>
      <div className="route-error-actions">
        <button type="button" className="button" onClick={tryAgain}>
          Try again
        </button>
        <button type="button" className="button button-subtle" onClick={() => setOpen((value) => !value)}>
          {open ? 'Hide Error' : 'Show Error'}
        </button>
      </div>
      {open && (
        <pre className="route-error-details">{error instanceof Error ? error.message : String(error)}</pre>
      )}
    </div>
  );
}

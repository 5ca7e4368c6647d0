import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { isChunkLoadError, reloadPageAfterChunkError } from '../lib/chunk-reload.ts';

/** The router's fallback for a failing route (spec section 8): a short message, details on demand. */
export function RouteError({ error }: ErrorComponentProps) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    // A stale chunk after a deploy: one reload fetches the new build.
    if (isChunkLoadError(error)) reloadPageAfterChunkError();
  }, [error]);

  return (
    <div className="route-error" role="alert">
      <h2>Something went wrong!</h2>
      <button type="button" className="button button-subtle" onClick={() => setOpen((value) => !value)}>
        {open ? 'Hide Error' : 'Show Error'}
      </button>
      {open && (
        <pre className="route-error-details">{error instanceof Error ? error.message : String(error)}</pre>
      )}
    </div>
  );
}

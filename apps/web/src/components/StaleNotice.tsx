/**
 * What a part shows above its content when reading it again failed after a good read: the content stays as
 * last read (a poll or a live re-read that fails once must not blank a widget), and this says so. The query
 * goes on retrying and polling; the notice goes once a read succeeds.
 */
export function StaleNotice({ error }: { error: Error | null }) {
  return (
    <p className="stale-notice" role="status">
      Shown as last read{error?.message ? `: ${error.message}` : '.'}
    </p>
  );
}

/** A read that failed with nothing read before it: only then does an error stand in for the content. */
export const firstReadFailed = (query: { isError: boolean; data: unknown }) =>
  query.isError && query.data === undefined;

/** A re-read that failed after a good read: the content stays, under a StaleNotice. */
export const reReadFailed = (query: { isError: boolean; data: unknown }) =>
  query.isError && query.data !== undefined;

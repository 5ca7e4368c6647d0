import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { EmptyState } from './Page.tsx';
import { PageLoader } from './PageLoader.tsx';

/** The parts of a TanStack Query result AsyncState reads (useQuery's result fits). */
export interface AsyncQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => unknown;
}

export interface AsyncStateProps<T> {
  query: AsyncQuery<T>;
  /** "Things could not be loaded": the title over the error's detail. */
  errorTitle: string;
  /** When the data counts as empty; by default an empty array. */
  isEmpty?: (data: T) => boolean;
  /** Shown for empty data: what is missing and the next step. */
  empty?: { title: string; hint?: string; action?: ReactNode };
  children: (data: T) => ReactNode;
}

const emptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * One place for a query's loading, error ("Try again" reads it again) and empty states, so a page only
 * renders its data. A re-read that fails after a good one keeps what was read, under a notice: the page and
 * whatever it holds open (a dialog waiting for its save, a sort) stay as they were.
 */
export function AsyncState<T>({
  query,
  errorTitle,
  isEmpty = emptyArray,
  empty,
  children,
}: AsyncStateProps<T>) {
  if (query.isPending) return <PageLoader />;
  const retry = (
    <Button variant="subtle" onClick={() => query.refetch()}>
      Try again
    </Button>
  );
  if (query.data === undefined) {
    return (
      <div className="load-error" role="alert">
        <EmptyState title={errorTitle} hint={query.error?.message} />
        {retry}
      </div>
    );
  }
  // Always the first child, present or not, so the content after it keeps its place in the tree.
  const stale = query.isError && (
    <div className="load-error-stale" role="alert">
      <p>
        <strong>{errorTitle}</strong> {query.error?.message} Shown as last read.
      </p>
      {retry}
    </div>
  );
  if (empty && isEmpty(query.data)) {
    return (
      <>
        {stale}
        <div className="empty-state-with-action">
          <EmptyState title={empty.title} hint={empty.hint} />
          {empty.action}
        </div>
      </>
    );
  }
  return (
    <>
      {stale}
      {children(query.data)}
    </>
  );
}

import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** Query cache defaults of spec section 9. */
export const QUERY_GC_TIME_MS = 5 * 60_000;
export const QUERY_STALE_TIME_MS = 20_000;
export const QUERY_MAX_RETRIES = 3;

/** A timeout or "slow down" answer may succeed later; every other 4xx says the request itself is wrong. */
const TRANSIENT_CLIENT_STATUSES = new Set([408, 429]);

/**
 * True when asking again could succeed: no answer at all (network), a server error, a timeout or a rate limit.
 * A 4xx (bad id, sign in again, no right, gone) answers the same however often it is asked.
 */
export function isRetryableError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status >= 400 && error.status < 500) return TRANSIENT_CLIENT_STATUSES.has(error.status);
  return true;
}

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return isRetryableError(error) && failureCount < QUERY_MAX_RETRIES;
}

/** 1 s, 2 s, 4 s … capped at 30 s; `failureCount` is 0 before the first retry. */
export function queryRetryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        staleTime: QUERY_STALE_TIME_MS,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
      },
    },
  });
}

/**
 * Marks the queries under `queryKey` stale and reads again the ones on screen, after a change (a live event, a
 * write of `useApiMutation`). `invalidateQueries` alone loses such a change when a query's first read is still in
 * flight: TanStack Query joins that read instead of starting another, and the read may have been answered
 * before the change, leaving the old answer fresh for the whole stale time. Such a read is left to finish (a
 * route loader or a suspended page may be waiting on it; cancelling it would fail them) and then read again.
 * `exact` limits it to the query of that very key, not the ones below it. Writes in the app call this, never
 * `invalidateQueries` itself (a lint plugin, `scripts/lint/read-again-after-writes.grit`, says so).
 */
export async function readAgain(
  queryClient: QueryClient,
  queryKey: QueryKey,
  options: { exact?: boolean } = {},
): Promise<void> {
  const filters = { queryKey, exact: options.exact ?? false };
  const firstReads = queryClient
    .getQueryCache()
    .findAll(filters)
    .filter((query) => query.state.data === undefined && query.state.fetchStatus === 'fetching');
  await Promise.all([
    queryClient.invalidateQueries(filters),
    ...firstReads.map(async (query) => {
      // Joins the read in flight (a fetch without `cancelRefetch` does not start another).
      await query.fetch().catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }),
  ]);
}

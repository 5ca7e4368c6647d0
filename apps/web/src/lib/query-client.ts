import { QueryClient } from '@tanstack/react-query';
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

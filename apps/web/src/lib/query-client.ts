import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** Query cache defaults of spec section 9. */
export const QUERY_GC_TIME_MS = 5 * 60_000;
export const QUERY_STALE_TIME_MS = 20_000;
export const QUERY_MAX_RETRIES = 3;

/** Repeating these cannot succeed: the user must sign in again, lacks the right, or the thing is gone. */
const FINAL_STATUSES = new Set([401, 403, 404]);

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && FINAL_STATUSES.has(error.status)) return false;
  return failureCount < QUERY_MAX_RETRIES;
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

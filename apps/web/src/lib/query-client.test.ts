import { toErrorBody } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { createQueryClient, queryRetryDelay, shouldRetryQuery } from './query-client.ts';

const apiError = (status: number) => new ApiError(toErrorBody({}, status));

describe('shouldRetryQuery', () => {
  it('retries up to 3 times', () => {
    expect(shouldRetryQuery(0, apiError(500))).toBe(true);
    expect(shouldRetryQuery(2, apiError(503))).toBe(true);
    expect(shouldRetryQuery(3, apiError(500))).toBe(false);
    expect(shouldRetryQuery(1, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('never retries a 4xx: an unknown or malformed id, no sign-in, no right', () => {
    for (const status of [400, 401, 403, 404, 409, 422])
      expect(shouldRetryQuery(0, apiError(status))).toBe(false);
  });

  it('retries a timeout, a rate limit and server errors', () => {
    for (const status of [408, 429, 500, 502, 503]) expect(shouldRetryQuery(0, apiError(status))).toBe(true);
  });
});

describe('queryRetryDelay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('createQueryClient', () => {
  it('keeps results 5 minutes and treats them as fresh for 20 seconds', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.gcTime).toBe(300_000);
    expect(defaults?.staleTime).toBe(20_000);
    expect(defaults?.retry).toBe(shouldRetryQuery);
    expect(defaults?.retryDelay).toBe(queryRetryDelay);
  });
});

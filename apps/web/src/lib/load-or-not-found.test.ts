import { isNotFound } from '@tanstack/react-router';
import { toErrorBody } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { loadOrNotFound } from './load-or-not-found.ts';

const failing = (error: unknown) => () => Promise.reject(error);
const apiError = (status: number) => new ApiError(toErrorBody({}, status));

describe('loadOrNotFound', () => {
  it('turns a final 4xx (unknown id, malformed id, no right) into Not Found', async () => {
    for (const status of [400, 403, 404]) {
      const thrown = await loadOrNotFound('Thing', failing(apiError(status))).catch((e: unknown) => e);
      expect(isNotFound(thrown), `status ${status}`).toBe(true);
    }
  });

  it('rethrows a 5xx, a rate limit and a network failure: the route shows its error state, not Not Found', async () => {
    for (const error of [apiError(502), apiError(500), apiError(429), new TypeError('Failed to fetch')]) {
      await expect(loadOrNotFound('Thing', failing(error))).rejects.toBe(error);
    }
  });
});

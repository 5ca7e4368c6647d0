import { QueryObserver } from '@tanstack/react-query';
import { toErrorBody } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { createQueryClient, queryRetryDelay, readAgain, shouldRetryQuery } from './query-client.ts';

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

describe('readAgain', () => {
  /** A list on screen whose reads the test answers by hand, in the order they were asked. */
  function listOnScreen() {
    const queryClient = createQueryClient();
    const reads: ((list: string[]) => void)[] = [];
    const observer = new QueryObserver(queryClient, {
      queryKey: ['devices'],
      queryFn: () => new Promise<string[]>((resolve) => reads.push(resolve)),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    return { queryClient, reads, observer, unsubscribe };
  }

  it('reads a list again when the change came while its first read was still out', async () => {
    const { queryClient, reads, observer, unsubscribe } = listOnScreen();
    await expect.poll(() => reads.length).toBe(1);
    // The change is announced, then the first read answers what it read before it.
    void readAgain(queryClient, ['devices']);
    reads[0]?.(['demo']);
    await expect.poll(() => reads.length).toBe(2);
    reads[1]?.(['demo', 'probe']);
    await expect.poll(() => observer.getCurrentResult().data).toEqual(['demo', 'probe']);
    expect(observer.getCurrentResult().isStale).toBe(false);
    unsubscribe();
  });

  it('leaves a first read that a route loader waits on to answer it', async () => {
    const { queryClient, reads, unsubscribe } = listOnScreen();
    await expect.poll(() => reads.length).toBe(1);
    const loader = queryClient.ensureQueryData({ queryKey: ['devices'] });
    void readAgain(queryClient, ['devices']);
    reads[0]?.(['demo']);
    await expect(loader).resolves.toEqual(['demo']);
    await expect.poll(() => reads.length).toBe(2);
    unsubscribe();
  });

  it('reads a shown list again, once, when it changes after it was read', async () => {
    const { queryClient, reads, observer, unsubscribe } = listOnScreen();
    await expect.poll(() => reads.length).toBe(1);
    reads[0]?.(['demo']);
    await expect.poll(() => observer.getCurrentResult().data).toEqual(['demo']);
    void readAgain(queryClient, ['devices']);
    await expect.poll(() => reads.length).toBe(2);
    reads[1]?.(['demo', 'probe']);
    await expect.poll(() => observer.getCurrentResult().data).toEqual(['demo', 'probe']);
    expect(reads).toHaveLength(2);
    unsubscribe();
  });

  it('with exact, reads that key only, not the queries below it', async () => {
    const queryClient = createQueryClient();
    const reads: string[] = [];
    const shown = (queryKey: string[]) =>
      new QueryObserver(queryClient, {
        queryKey,
        queryFn: () => {
          reads.push(queryKey.join('/'));
          return queryKey;
        },
      }).subscribe(() => undefined);
    const unsubscribe = [shown(['templates']), shown(['templates', 't1'])];
    await expect.poll(() => reads.length).toBe(2);
    await readAgain(queryClient, ['templates'], { exact: true });
    await expect.poll(() => reads).toEqual(['templates', 'templates/t1', 'templates']);
    expect(queryClient.getQueryState(['templates', 't1'])?.isInvalidated).toBe(false);
    await readAgain(queryClient, ['templates']);
    await expect.poll(() => reads.length).toBe(5);
    for (const stop of unsubscribe) stop();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETRY_ATTEMPTS, RETRY_BASE_DELAY_MS, retry, retryDelay } from './retry.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function failing(times: number) {
  return vi.fn(async (attempt: number) => {
    if (attempt <= times) throw new Error(`failure ${attempt}`);
    return `ok after ${attempt}`;
  });
}

describe('retry (spec 9)', () => {
  it('has 5 attempts and a 1000 ms base delay', () => {
    expect(RETRY_ATTEMPTS).toBe(5);
    expect(RETRY_BASE_DELAY_MS).toBe(1000);
  });

  it('waits the base delay between tries by default, and doubles it when exponential', () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n))).toEqual([1000, 1000, 1000, 1000]);
    expect([1, 2, 3, 4].map((n) => retryDelay(n, 1000, true))).toEqual([1000, 2000, 4000, 8000]);
  });

  it('returns the first success without waiting', async () => {
    const task = failing(0);
    await expect(retry(task)).resolves.toBe('ok after 1');
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('tries again after 1 s each time', async () => {
    const task = failing(2);
    const result = retry(task);
    await vi.advanceTimersByTimeAsync(999);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe('ok after 3');
  });

  it('gives up after 5 attempts with the last failure', async () => {
    const task = failing(10);
    const outcome = retry(task).catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(4000);
    expect(await outcome).toBe('failure 5');
    expect(task).toHaveBeenCalledTimes(5);
  });

  it('spaces exponential tries 1 s, 2 s, 4 s, 8 s apart', async () => {
    const task = failing(10);
    const outcome = retry(task, { exponential: true }).catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000 + 8000);
    expect(await outcome).toBe('failure 5');
  });

  it('stops early when a failure is not worth retrying', async () => {
    const task = failing(10);
    await expect(retry(task, { shouldRetry: () => false })).rejects.toThrow('failure 1');
    expect(task).toHaveBeenCalledTimes(1);
  });
});

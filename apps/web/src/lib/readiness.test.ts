import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { READINESS_INTERVAL_MS, READINESS_RETRIES, waitUntilReady } from './readiness.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('waitUntilReady (spec 9, readiness polling)', () => {
  it('polls every second, at most 10 retries', () => {
    expect(READINESS_INTERVAL_MS).toBe(1000);
    expect(READINESS_RETRIES).toBe(10);
  });

  it('resolves at once when already ready', async () => {
    const check = vi.fn(() => true);
    await expect(waitUntilReady(check)).resolves.toBeUndefined();
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('asks again every second until ready', async () => {
    let ready = false;
    const check = vi.fn(() => ready);
    let done = false;
    void waitUntilReady(check, { intervalMs: 1000, retries: 10 }).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    ready = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toBe(true);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it("fails with 'Max retries exceeded' after 10 retries (10 s by default)", async () => {
    const check = vi.fn(() => false);
    const waiting = waitUntilReady(check);
    const outcome = waiting.then(
      () => 'ready',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(9999);
    expect(check).toHaveBeenCalledTimes(10);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('Max retries exceeded');
    // The first look plus 10 retries.
    expect(check).toHaveBeenCalledTimes(11);
  });

  it('accepts an asynchronous check', async () => {
    let calls = 0;
    const waiting = waitUntilReady(async () => {
      calls += 1;
      return calls === 3;
    });
    await vi.advanceTimersByTimeAsync(2000);
    await expect(waiting).resolves.toBeUndefined();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInError } from './auth-errors.ts';
import {
  SIGN_IN_TIMEOUT_MS,
  singleFlight,
  TOKEN_LOCK_RETRIES,
  TOKEN_LOCK_WAIT_MS,
  TRANSACTION_MAX_AGE_SEC,
  withTimeout,
} from './sign-in-timing.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

describe('sign-in timing constants (spec 9)', () => {
  it('matches the spec', () => {
    expect(SIGN_IN_TIMEOUT_MS).toBe(5000);
    expect(TOKEN_LOCK_WAIT_MS).toBe(5000);
    expect(TOKEN_LOCK_RETRIES).toBe(10);
    expect(TRANSACTION_MAX_AGE_SEC).toBe(86_400);
  });
});

describe('withTimeout', () => {
  it('settles with the promise when it is in time', async () => {
    await expect(withTimeout(Promise.resolve('done'), 100, () => 'late')).resolves.toBe('done');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('settles with the fallback once the time is up', async () => {
    const never = new Promise<string>(() => undefined);
    let result: string | undefined;
    void withTimeout(never, 5000, () => 'late').then((value) => {
      result = value;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBe('late');
  });
});

describe('singleFlight (silent-token lock)', () => {
  it('runs one task at a time and shares its result', async () => {
    const gate = deferred<string>();
    const task = vi.fn(() => gate.promise);
    const run = singleFlight(task);
    const first = run();
    const second = run();
    expect(task).toHaveBeenCalledTimes(1);
    gate.resolve('token');
    await expect(first).resolves.toBe('token');
    await expect(second).resolves.toBe('token');
    // Once settled, the next call starts a new run.
    void run();
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('lets a waiter give up after 5 s × 10 with a sign-in timeout', async () => {
    const task = vi.fn(() => new Promise<string>(() => undefined));
    const run = singleFlight(task);
    void run();
    const outcome = run().then(
      () => null,
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(5000 * 10 - 1);
    await Promise.resolve();
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(SignInError);
    expect((error as SignInError).error).toBe('timeout');
    expect((error as SignInError).message).toBe('Timeout');
  });

  it('hands a late result to a waiter still within its tries', async () => {
    const gate = deferred<string>();
    const run = singleFlight(() => gate.promise);
    void run();
    const waiter = run();
    await vi.advanceTimersByTimeAsync(5000 * 9);
    gate.resolve('late token');
    await expect(waiter).resolves.toBe('late token');
  });
});

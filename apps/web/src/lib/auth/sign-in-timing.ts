import { SignInError } from './auth-errors.ts';

/** Sign-in timing of spec section 9. */
/** The shell waits this long for the auth start before it shows the login-trouble page. */
export const SIGN_IN_TIMEOUT_MS = 5000;
/** A caller waiting for the token renewal another caller started waits this long per try … */
export const TOKEN_LOCK_WAIT_MS = 5000;
/** … and tries this many times before it gives up with a timeout. */
export const TOKEN_LOCK_RETRIES = 10;
/**
 * Ours: the session check's hidden frame gives up after 4 s, so that a provider that does not answer leaves
 * the user signed out (and sent to sign in) within the shell's 5 s rather than on the login-trouble page.
 */
export const SESSION_CHECK_TIMEOUT_SEC = 4;
/** Sign-in transactions (and the session check's state) are kept for 1 day. */
export const TRANSACTION_MAX_AGE_SEC = 86_400;

/** Settles with `promise`, or with `onTimeout()` when it has not settled after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(onTimeout()), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/**
 * One run of `task` at a time, shared by every caller: token refreshes rotate the refresh token, so two in
 * parallel would spend it twice. The caller that starts the run gets it as it is; a caller that finds one
 * under way waits `waitMs` per try, `retries` tries, and then fails with a sign-in timeout.
 */
export function singleFlight<T>(
  task: () => Promise<T>,
  { waitMs = TOKEN_LOCK_WAIT_MS, retries = TOKEN_LOCK_RETRIES }: { waitMs?: number; retries?: number } = {},
): () => Promise<T> {
  let current: Promise<T> | null = null;

  async function wait(flight: Promise<T>): Promise<T> {
    const done = flight.then((value) => ({ value }));
    for (let attempt = 0; attempt < retries; attempt += 1) {
      const outcome = await withTimeout<{ value: T } | null>(done, waitMs, () => null);
      if (outcome) return outcome.value;
    }
    throw new SignInError('timeout');
  }

  return () => {
    if (current) return wait(current);
    const flight = task().finally(() => {
      if (current === flight) current = null;
    });
    current = flight;
    return flight;
  };
}

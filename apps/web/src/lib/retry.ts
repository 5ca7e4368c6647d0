/** The retry helper of spec section 9: 5 attempts, 1000 ms base delay, optionally exponential. */
export const RETRY_ATTEMPTS = 5;
export const RETRY_BASE_DELAY_MS = 1000;

export interface RetryOptions {
  /** Tries in all, the first included. */
  attempts?: number;
  baseDelayMs?: number;
  /** Doubles the delay after each failure (1 s, 2 s, 4 s …) instead of waiting the base delay every time. */
  exponential?: boolean;
  /** Whether a failure is worth another try; by default every failure is. */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
}

/** The wait before try number `attempt + 1`, after `attempt` failures (1-based). */
export function retryDelay(attempt: number, baseDelayMs = RETRY_BASE_DELAY_MS, exponential = false): number {
  return exponential ? baseDelayMs * 2 ** (attempt - 1) : baseDelayMs;
}

/** Runs `task` until it succeeds or the attempts run out; the last failure is rethrown. */
export async function retry<T>(
  task: (attempt: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const {
    attempts = RETRY_ATTEMPTS,
    baseDelayMs = RETRY_BASE_DELAY_MS,
    exponential = false,
    shouldRetry = () => true,
  } = options;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await task(attempt);
    } catch (error) {
      if (attempt >= attempts || !shouldRetry(error, attempt)) throw error;
      const delay = retryDelay(attempt, baseDelayMs, exponential);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

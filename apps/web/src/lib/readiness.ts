/** Readiness polling of spec section 9: every second, at most 10 retries. */
export const READINESS_INTERVAL_MS = 1000;
export const READINESS_RETRIES = 10;
/** The catalogue's message for a wait that never became ready (spec section 8). */
export const MAX_RETRIES_MESSAGE = 'Max retries exceeded';

export interface ReadinessOptions {
  intervalMs?: number;
  retries?: number;
}

/**
 * Resolves once `check` answers true: it is asked at once, then again after every interval, `retries` more
 * times; after the last one the wait fails with 'Max retries exceeded'. A check that throws ends the wait.
 */
export async function waitUntilReady(
  check: () => boolean | Promise<boolean>,
  { intervalMs = READINESS_INTERVAL_MS, retries = READINESS_RETRIES }: ReadinessOptions = {},
): Promise<void> {
  if (await check()) return;
  for (let retry = 0; retry < retries; retry += 1) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    if (await check()) return;
  }
  throw new Error(MAX_RETRIES_MESSAGE);
}

import { notFound } from '@tanstack/react-router';
import { ApiError } from './api.ts';
import { logger } from './logger.ts';
import { isRetryableError } from './query-client.ts';

/**
 * Spec section 8: a device or template that does not exist (or is not the user's) shows Not Found. Only a
 * final 4xx means that: a 5xx, a timeout, a network failure or an unreadable answer is rethrown, so the route
 * shows its error state with Try again instead of claiming the thing is gone.
 */
export async function loadOrNotFound<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (!(err instanceof ApiError) || isRetryableError(err)) throw err;
    logger.warn(`${what} failed to load`, err);
    throw notFound();
  }
}

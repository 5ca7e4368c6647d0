import { notFound } from '@tanstack/react-router';
import { logger } from './logger.ts';

/** Spec section 8: a device or template that fails to load shows Not Found instead of an error page. */
export async function loadOrNotFound<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    logger.warn(`${what} failed to load`, err);
    throw notFound();
  }
}

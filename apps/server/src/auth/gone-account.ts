import { databaseErrorOf } from '../db/errors.ts';

/**
 * True when a write failed because the user it names no longer exists (PostgreSQL foreign-key violation on a
 * `…_users_id_fk` constraint): a call made with a deleted account's token in the moment before every process
 * refuses it (the token-check bound). The driver's error may be wrapped (drizzle puts it in `cause`).
 */
export function isGoneUserViolation(err: unknown): boolean {
  const found = databaseErrorOf(err);
  return found?.code === '23503' && found.constraint?.endsWith('_users_id_fk') === true;
}

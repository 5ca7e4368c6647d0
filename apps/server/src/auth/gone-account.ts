/**
 * True when a write failed because the user it names no longer exists (PostgreSQL foreign-key violation on a
 * `…_users_id_fk` constraint): a call made with a deleted account's token in the moment before every process
 * refuses it (the token-check bound). The driver's error may be wrapped (drizzle puts it in `cause`).
 */
export function isGoneUserViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23503') return typeof constraint === 'string' && constraint.endsWith('_users_id_fk');
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What a PostgreSQL error says, read the same way for both drivers (node-postgres and PGlite carry the SQLSTATE
 * as `code`, and the constraint's name as `constraint`), through the wrappers in `cause` (drizzle's query
 * error). The one place that knows the shape of a database error.
 */
interface DatabaseError {
  /** The SQLSTATE: five digits or capital letters (`23505`). */
  code: string;
  constraint: string | undefined;
}

/** The database error in `err` or its causes, if there is one. */
export function databaseErrorOf(err: unknown): DatabaseError | undefined {
  let current: unknown = err;
  for (let i = 0; i < 5 && current && typeof current === 'object'; i++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error, looking through its wrappers. */
export function sqlStateOf(err: unknown): string | undefined {
  return databaseErrorOf(err)?.code;
}

/** True for a unique violation (SQLSTATE 23505), however the driver wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  return sqlStateOf(err) === '23505';
}

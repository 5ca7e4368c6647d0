import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

const dialect = new PgDialect();

/**
 * A raw statement whose values are `sql.placeholder`s, prepared once. On PostgreSQL node-postgres parses it
 * once per connection under `name` and the server can keep a generic plan, so a hot route skips parsing and
 * planning; PGlite runs it as a parameterised query. The text must not depend on the values (one name, one
 * text). Answers the rows in the driver's shape (see telemetry/sql-results.ts).
 */
export function prepareRaw<T>(db: Database, name: string, query: SQL) {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return async (values: Record<string, unknown>): Promise<T[]> =>
    ((await prepared.execute(values)) as { rows: T[] }).rows;
}

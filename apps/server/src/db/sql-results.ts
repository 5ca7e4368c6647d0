import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Raw statements answer in the driver's own shape (node-postgres and PGlite both put the rows in `rows`).
 * Times come back as text in driver-specific formats, so the telemetry SQL selects epoch
 * milliseconds instead (`epochMs`).
 */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * Raw statements answer in the driver's own shape: node-postgres `{rows, rowCount}`, PGlite `{rows,
 * affectedRows}`. Times come back as text in driver-specific formats, so the telemetry SQL selects epoch
 * milliseconds instead (`epochMs`).
 */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function affectedBy(db: Database, query: SQL): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}

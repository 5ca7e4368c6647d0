import type { Database } from '../../db/client.ts';

/** Runs fn in one transaction; repositories built on the handle it gets take part in it. */
export function inTransaction<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Database));
}

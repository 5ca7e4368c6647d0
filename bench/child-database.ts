// The database of a benchmark's server child (ingest, fleet): the throwaway PostgreSQL database the parent
// made (BENCH_DATABASE), or PGlite in BENCH_PGLITE_DIR (in memory without it), migrated.
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';

/** Opens and migrates the child's database; `note` prints a step with the seconds since this started. */
export async function openChildDatabase(): Promise<{
  database: DatabaseHandle;
  note: (what: string) => void;
}> {
  const database = process.env.BENCH_DATABASE
    ? await openDatabase({ kind: 'postgres', url: process.env.BENCH_DATABASE })
    : await openDatabase({ kind: 'pglite', dataDir: process.env.BENCH_PGLITE_DIR ?? 'memory://' });
  const started = Date.now();
  const note = (what: string) => console.log(`${((Date.now() - started) / 1000).toFixed(1)} s: ${what}`);
  await runMigrations(database);
  note('database migrated');
  return { database, note };
}

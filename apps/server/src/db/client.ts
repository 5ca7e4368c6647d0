import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config.ts';
import { endPool } from './end-pool.ts';
import { ensurePgliteDataDir } from './pglite-data-dir.ts';
import { lockDataDir } from './pglite-lock.ts';
import { keepTablesMaintained } from './pglite-maintenance.ts';
import { parseDrizzleTypesAsText } from './pglite-parsers.ts';
import * as schema from './schema/index.ts';

/** How long closing waits for the pool's connections to end. */
const POOL_END_GRACE_MS = 10_000;

/**
 * PGlite's PostgreSQL settings beyond its own defaults. shared_buffers: PostgreSQL's default (128 MB) is
 * allocated and touched inside PGlite's WASM memory as it starts, and that memory never shrinks, so it is
 * resident in the server process from the first second. 32 MB keeps a fleet's devices, certificates, things
 * and the recent telemetry pages cached (10,000 devices take about 25 MB); pages beyond it are read back
 * through the operating system's file cache. Measured: PGlite on a reopened data directory made the process
 * 359 MB with 128 MB and 250 MB with 32 MB; `npm run bench:ingest` (embedded) showed no difference beyond run-to-run
 * noise (apps/server/src/modules/connectivity/README.md, "Figures (npm run bench:fleet)").
 * default_statistics_target (used by ANALYZE only): PGlite answers one statement at a time, in this process's
 * thread, and the periodic ANALYZE of a growing telemetry table (pglite-maintenance.ts) held it for 100-250 ms
 * every 30 s while device values waited. 30 instead of 100 samples 9,000 rows instead of 30,000: 300,000 rows
 * analysed in 32 ms instead of 123 (measured on PGlite here); our queries look rows up by index, which such
 * statistics plan as well.
 */
const PGLITE_OPTIONS = {
  startParams: [
    ...PGlite.defaultStartParams,
    '-c',
    'shared_buffers=32MB',
    '-c',
    'default_statistics_target=30',
  ],
};

type Schema = typeof schema;
/** The query API both drivers share; repositories take this and never know which driver runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs fn on one dedicated connection (needed for session-level advisory locks). */
  withConnection<T>(fn: (db: Database) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function openDatabase(
  config: Config['database'],
  onIdleError: (err: Error) => void = (err) => console.error('database connection lost:', err.message),
): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle client losing its connection (server restart, failover, admin kill) emits 'error' on the pool;
    // unhandled, that would end the process. The pool drops the client and the next query reconnects.
    pool.on('error', (err) => onIdleError(err));
    // A connection lost while checked out (in a transaction) emits 'error' on its client, which the pool does
    // not listen to then: unheard, it would end the process. The running query fails on its own.
    pool.on('connect', (client) => client.on('error', (err) => onIdleError(err)));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      async withConnection(fn) {
        const client = await pool.connect();
        try {
          return await fn(drizzlePg(client, { schema }) as unknown as Database);
        } finally {
          client.release();
        }
      },
      async ping() {
        await pool.query('select 1');
      },
      async close() {
        if ((await endPool(pool, POOL_END_GRACE_MS)) === 'timed out')
          onIdleError(new Error(`the connection pool did not end within ${POOL_END_GRACE_MS} ms`));
      },
    };
  }
  // "memory://" keeps tests off the disk; anything else is a directory that survives restarts.
  const inMemory = config.dataDir === 'memory://';
  let unlock = () => {};
  if (!inMemory) {
    mkdirSync(config.dataDir, { recursive: true });
    // PGlite lets a second process open the directory, which corrupts it: refused here (pglite-lock.ts).
    unlock = lockDataDir(config.dataDir);
  }
  let client: PGlite;
  try {
    if (!inMemory) await ensurePgliteDataDir(`${config.dataDir}/pg`);
    client = inMemory ? new PGlite(PGLITE_OPTIONS) : new PGlite(`${config.dataDir}/pg`, PGLITE_OPTIONS);
    await client.waitReady;
  } catch (err) {
    unlock();
    throw err;
  }
  // After waitReady: PGlite sets its array types' parsers as it starts, which would replace these.
  parseDrizzleTypesAsText(client);
  const stopMaintenance = keepTablesMaintained(client, (err) =>
    console.warn('PGlite: table maintenance (vacuum, analyze) failed:', err.message),
  );
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // PGlite is a single connection already.
    withConnection: (fn) => fn(db),
    async ping() {
      await client.query('select 1');
    },
    // An open PGlite keeps Node alive, so shutdown must close it.
    close: async () => {
      stopMaintenance();
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

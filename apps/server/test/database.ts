import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway database on the
 * PostgreSQL server named by DATABASE_URL (created here, dropped on close), so files never share rows.
 * `migrationsFolder` applies another folder's migrations (a test of a migration starts from the ones before).
 */
export async function openTestDatabase(
  opts: { migrationsFolder?: string } = {},
): Promise<DatabaseHandle & { url?: string; name?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await runMigrations(handle, opts.migrationsFolder);
    return handle;
  }
  const name = `tc_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  await runMigrations(handle, opts.migrationsFolder);
  return {
    ...handle,
    url: url.toString(),
    name,
    async close() {
      await handle.close();
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

export type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

/**
 * Another handle on a test database, as a second server process would have: its own connection pool on
 * PostgreSQL; on PGlite (one in-process connection) the same handle. Closing it leaves the database be.
 */
export async function openSameDatabase(of: TestDatabase): Promise<TestDatabase> {
  if (!of.url) return { ...of, close: async () => {} };
  return { ...(await openDatabase({ kind: 'postgres', url: of.url })), url: of.url, name: of.name };
}

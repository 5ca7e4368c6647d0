import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';

// Only meaningful against a PostgreSQL server: its connections can be killed from outside.
const onServer = Boolean(process.env.DATABASE_URL);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe.skipIf(!onServer)('when PostgreSQL drops the connections', () => {
  it('the process survives and the next requests reconnect', async () => {
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const killed = await admin.query<{ pid: number }>(
        `select pid, pg_terminate_backend(pid) from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid()`,
        [t.databaseName],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      // The backends end on their own time (a busy machine may take a while): wait until they are gone.
      const pids = killed.rows.map((r) => r.pid);
      await expect
        .poll(
          async () =>
            (await admin.query('select 1 from pg_stat_activity where pid = any($1)', [pids])).rowCount,
        )
        .toBe(0);
    } finally {
      await admin.end();
    }
    // Let the pool notice its dead idle clients before the next request.
    await new Promise((r) => setTimeout(r, 200));
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
  });
});

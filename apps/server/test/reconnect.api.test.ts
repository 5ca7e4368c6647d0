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
    const killed = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [t.databaseName],
    );
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    // Let the pool notice its dead idle clients before the next request.
    await new Promise((r) => setTimeout(r, 200));
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
  });
});

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/database.ts';
import { endPool } from './end-pool.ts';

const onServer = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onServer)('ending a connection pool (PostgreSQL)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('ends a pool whose clients are all back', async () => {
    const pool = new pg.Pool({ connectionString: database.url });
    await pool.query('select 1');
    expect(await endPool(pool, 10_000)).toBe('ended');
  });

  it('gives up after the grace time when a client never comes back, instead of waiting for ever', async () => {
    const pool = new pg.Pool({ connectionString: database.url });
    const held = await pool.connect();
    try {
      expect(await endPool(pool, 200)).toBe('timed out');
    } finally {
      held.release();
    }
  });
});

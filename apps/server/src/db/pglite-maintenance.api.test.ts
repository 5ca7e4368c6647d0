import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { analyzeGrownTables, vacuumDeadTables } from './pglite-maintenance.ts';

// PGlite has no autovacuum: the server vacuums the tables with many dead rows and analyses those that grew.
describe('vacuumDeadTables', () => {
  const client = new PGlite();
  afterAll(() => client.close());
  const pages = async () =>
    (await client.query<{ pages: number }>(`select pg_relation_size('devices') / 8192 as pages`)).rows[0]
      ?.pages;
  /** PostgreSQL reports its row counters at most once a second, at the end of a transaction. */
  const countersReported = async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await client.query('select 1');
  };

  it('vacuums a table whose updates left many dead rows, so it stops growing', async () => {
    await client.query('create table devices (id int primary key, status text, seen timestamptz)');
    await client.query(`create index devices_online on devices (seen) where status = 'ONLINE'`);
    await client.query('create table quiet (id int primary key)');
    await client.query(`insert into devices select g, 'ONLINE', now() from generate_series(1, 2000) g`);
    await client.query('insert into quiet select generate_series(1, 100)');
    const flip = `update devices set status = case status when 'ONLINE' then 'OFFLINE' else 'ONLINE' end,
                  seen = now()`;
    await client.query(flip);
    await countersReported();
    expect(await vacuumDeadTables(client)).toEqual(['public.devices']);
    // Analysed too: the vacuum set the page count analyzeGrownTables compares with.
    const stats = await client.query(`select 1 from pg_stats where tablename = 'devices'`);
    expect(stats.rows.length).toBeGreaterThan(0);
    await countersReported();
    expect(await vacuumDeadTables(client)).toEqual([]);
    // Space the vacuum freed is used again: the same updates no longer grow the table.
    const before = await pages();
    for (let round = 0; round < 5; round++) {
      await client.query(flip);
      await countersReported();
      await vacuumDeadTables(client);
    }
    expect(await pages()).toBeLessThanOrEqual((before ?? 0) + 2);
  });
});

describe('analyzeGrownTables', () => {
  const client = new PGlite();
  afterAll(() => client.close());

  it('analyses a table once it has grown, and not again until it grows more', async () => {
    await client.query('create table small (id int primary key)');
    await client.query('create table grown (id int primary key, note text)');
    await client.query('insert into small values (1)');
    await client.query(`insert into grown select g, repeat('x', 100) from generate_series(1, 5000) g`);
    expect(await analyzeGrownTables(client)).toEqual(['public.grown']);
    const { rows } = await client.query<{ reltuples: number }>(
      `select reltuples from pg_class where relname = 'grown'`,
    );
    expect(rows[0]?.reltuples).toBe(5000);
    expect(await analyzeGrownTables(client)).toEqual([]);
    await client.query(`insert into grown select g, repeat('x', 100) from generate_series(5001, 10000) g`);
    expect(await analyzeGrownTables(client)).toEqual(['public.grown']);
  });
});

describe("the server's PGlite", () => {
  it('samples fewer rows per ANALYZE than PostgreSQL by default, so an analysis holds it briefly', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    try {
      const shown = (await database.db.execute(sql`show default_statistics_target`)) as {
        rows: { default_statistics_target: string }[];
      };
      expect(shown.rows[0]?.default_statistics_target).toBe('30');
    } finally {
      await database.close();
    }
  });
});

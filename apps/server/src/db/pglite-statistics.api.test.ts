import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { analyzeGrownTables } from './pglite-statistics.ts';

// PGlite has no autovacuum: the tables that grew are analysed by the server itself.
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

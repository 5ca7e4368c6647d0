import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { date, integer, interval, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIZZLE_TEXT_TYPES, parseDrizzleTypesAsText, withoutTextParsers } from './pglite-parsers.ts';

const samples = pgTable('samples', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  local: timestamp('local', { mode: 'string' }),
  day: date('day'),
  span: interval('span'),
  amounts: numeric('amounts').array(),
  times: timestamp('times', { withTimezone: true, mode: 'string' }).array(),
  doc: jsonb('doc'),
  note: text('note'),
});

const CREATE = `create table samples (id int primary key, at timestamptz, local timestamp, day date,
  span interval, amounts numeric[], times timestamptz[], doc jsonb, note text)`;
const ROWS = [
  {
    id: 1,
    at: new Date('2026-03-29T01:30:00.123Z'),
    local: '2026-03-29 02:30:00',
    day: '2026-03-29',
    span: '1 day 02:03:04',
    amounts: ['1.50', '-2', '3.14159'],
    times: ['2026-01-01 00:00:00+00', '2026-06-01 12:00:00.5+00'],
    doc: { a: [1, 2], b: 'x' },
    note: 'first',
  },
  { id: 2, at: null, local: null, day: null, span: null, amounts: null, times: null, doc: null, note: null },
];

/** A PGlite with the schema and rows, and the options each drizzle statement reached PGlite with. */
async function open(adapted: boolean) {
  const client = new PGlite();
  await client.waitReady;
  await client.exec(CREATE);
  const reached: (QueryOptions | undefined)[] = [];
  const query = client.query.bind(client);
  client.query = (text, params, options) => {
    reached.push(options);
    return query(text, params, options);
  };
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      const txQuery = tx.query;
      tx.query = (text, params, options) => {
        reached.push(options);
        return txQuery(text, params, options);
      };
      return callback(tx);
    });
  // Installed over the recorder, as over PGlite's own methods in the server.
  if (adapted) parseDrizzleTypesAsText(client);
  const db = drizzle({ client });
  await db.insert(samples).values(ROWS);
  return { client, db, reached };
}

const readAll = async (db: Awaited<ReturnType<typeof open>>['db']) => ({
  select: await db.select().from(samples).orderBy(samples.id),
  relational: await db.execute(sql`select * from samples order by id`),
  inTransaction: await db.transaction(async (tx) => ({
    select: await tx.select().from(samples).orderBy(samples.id),
    raw: await tx.execute(sql`select at, day, span, amounts, times, doc from samples order by id`),
  })),
});

describe('parseDrizzleTypesAsText', () => {
  let plain: Awaited<ReturnType<typeof open>>;
  let adapted: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    plain = await open(false);
    adapted = await open(true);
  });
  afterAll(async () => {
    await plain.client.close();
    await adapted.client.close();
  });

  it('gives drizzle the same rows as PGlite with drizzle’s own parsers', async () => {
    const expected = await readAll(plain.db);
    expect(expected.select).toEqual(ROWS);
    expect(await readAll(adapted.db)).toEqual(expected);
  });

  it('leaves out only parsers that ask for these types as text, each returning its input', async () => {
    await readAll(plain.db);
    await readAll(adapted.db);
    // Without the adapter, every statement of drizzle's (in a transaction too) carries those parsers.
    const asked = plain.reached.filter((options) => options?.parsers);
    expect(asked.length).toBe(plain.reached.length);
    for (const options of asked) {
      const parsers = options?.parsers ?? {};
      expect(Object.keys(parsers).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
      for (const parse of Object.values(parsers)) expect(parse('2026-01-01', 0)).toBe('2026-01-01');
    }
    // With it, PGlite is asked the same statements without them (and copies no parsers).
    expect(adapted.reached.length).toBe(plain.reached.length);
    expect(adapted.reached.filter((options) => options?.parsers)).toEqual([]);
    expect(adapted.reached.map((options) => options?.rowMode)).toEqual(plain.reached.map((o) => o?.rowMode));
  });

  it('keeps options whose parsers ask for another type', () => {
    const other = {
      rowMode: 'array' as const,
      parsers: { 1184: (v: string) => v, 25: (v: string) => v.length },
    };
    expect(withoutTextParsers(other)).toBe(other);
    expect(withoutTextParsers(undefined)).toBeUndefined();
    const none = { rowMode: 'object' as const };
    expect(withoutTextParsers(none)).toBe(none);
  });
});

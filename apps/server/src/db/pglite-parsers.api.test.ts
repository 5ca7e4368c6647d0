import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { date, integer, interval, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DRIZZLE_TEXT_TYPES, parseDrizzleTypesAsText, withoutTextParsers } from './pglite-parsers.ts';

// A column of each of the nine types drizzle asks to get as text, and two it does not.
const samples = pgTable('samples', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  local: timestamp('local', { mode: 'string' }),
  day: date('day'),
  span: interval('span'),
  amounts: numeric('amounts').array(),
  locals: timestamp('locals', { mode: 'string' }).array(),
  times: timestamp('times', { withTimezone: true, mode: 'string' }).array(),
  spans: interval('spans').array(),
  days: date('days').array(),
  doc: jsonb('doc'),
  note: text('note'),
});

const CREATE = `create table samples (id int primary key, at timestamptz, local timestamp, day date,
  span interval, amounts numeric[], locals timestamp[], times timestamptz[], spans interval[], days date[],
  doc jsonb, note text)`;
const ROWS = [
  {
    id: 1,
    at: new Date('2026-03-29T01:30:00.123Z'),
    local: '2026-03-29 02:30:00',
    day: '2026-03-29',
    span: '1 day 02:03:04',
    amounts: ['1.50', '-2', '3.14159'],
    locals: ['2026-01-01 00:00:00', '2026-06-01 12:00:00.5'],
    times: ['2026-01-01 00:00:00+00', '2026-06-01 12:00:00.5+00'],
    spans: ['00:00:05', '3 mons 2 days'],
    days: ['2026-01-01', '2026-12-31'],
    doc: { a: [1, 2], b: 'x' },
    note: 'first',
  },
  {
    id: 2,
    ...{ at: null, local: null, day: null, span: null, amounts: null, locals: null, times: null },
    ...{ spans: null, days: null, doc: null, note: null },
  },
];

/** PostgreSQL's text of a value of each type drizzle asks for as text (what its parsers are given). */
const TEXT_OF_TYPE: Record<number, string> = {
  1114: '2026-03-29 02:30:00',
  1184: '2026-03-29 01:30:00.123+00',
  1186: '1 day 02:03:04',
  1082: '2026-03-29',
  1231: '{1.50,-2}',
  1115: '{"2026-01-01 00:00:00"}',
  1185: '{"2026-01-01 00:00:00+00"}',
  1187: '{00:00:05,"3 mons 2 days"}',
  1182: '{2026-01-01,2026-12-31}',
};

interface Reached {
  options: QueryOptions | undefined;
  inTransaction: boolean;
}

/** A PGlite with the schema and rows, and the options each drizzle statement reached PGlite with. */
async function open(adapted: boolean) {
  const client = new PGlite();
  await client.waitReady;
  await client.exec(CREATE);
  const reached: Reached[] = [];
  const query = client.query.bind(client);
  client.query = (text, params, options) => {
    reached.push({ options, inTransaction: false });
    return query(text, params, options);
  };
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      const txQuery = tx.query;
      tx.query = (text, params, options) => {
        reached.push({ options, inTransaction: true });
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
  execute: await db.execute(sql`select * from samples order by id`),
  inTransaction: await db.transaction(async (tx) => ({
    select: await tx.select().from(samples).orderBy(samples.id),
    execute: await tx.execute(sql`select * from samples order by id`),
    nested: await tx.transaction((inner) => inner.select().from(samples).orderBy(samples.id)),
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

  it('gives drizzle the same rows as PGlite with drizzle’s own parsers, in transactions too', async () => {
    const expected = await readAll(plain.db);
    expect(expected.select).toEqual(ROWS);
    expect(expected.inTransaction.nested).toEqual(ROWS);
    expect(await readAll(adapted.db)).toEqual(expected);
  });

  it('leaves out only parsers that ask for these types as text, each returning its input', async () => {
    plain.reached.length = 0;
    adapted.reached.length = 0;
    await readAll(plain.db);
    await readAll(adapted.db);
    // Without the adapter, every statement of drizzle's (in a transaction too) carries those parsers.
    expect(plain.reached.filter((r) => r.inTransaction).length).toBeGreaterThanOrEqual(3);
    for (const { options } of plain.reached) {
      const parsers = options?.parsers ?? {};
      expect(Object.keys(parsers).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
      for (const type of DRIZZLE_TEXT_TYPES) {
        const value = TEXT_OF_TYPE[type] ?? '';
        expect(parsers[type]?.(value)).toBe(value);
      }
    }
    // With it, PGlite is asked the same statements without them (and copies no parsers).
    expect(adapted.reached.map((r) => [r.inTransaction, r.options?.rowMode])).toEqual(
      plain.reached.map((r) => [r.inTransaction, r.options?.rowMode]),
    );
    expect(adapted.reached.filter((r) => r.options?.parsers)).toEqual([]);
  });

  it('keeps the parsers of a statement when the instance does not parse each of their types as text', () => {
    const asDrizzle = { rowMode: 'array' as const, parsers: { 1184: (v: string) => v } };
    expect(withoutTextParsers(asDrizzle, adapted.client.parsers)).toEqual({ rowMode: 'array' });
    // Another type, or a table reset since (PGlite's refreshArrayTypes puts its own array parsers back).
    const other = {
      rowMode: 'array' as const,
      parsers: { 1184: (v: string) => v, 25: (v: string) => v.length },
    };
    expect(withoutTextParsers(other, adapted.client.parsers)).toBe(other);
    const reset = { ...adapted.client.parsers, 1184: (v: string) => new Date(v) };
    expect(withoutTextParsers(asDrizzle, reset)).toBe(asDrizzle);
    expect(withoutTextParsers(asDrizzle, plain.client.parsers)).toBe(asDrizzle);
    expect(withoutTextParsers(undefined, adapted.client.parsers)).toBeUndefined();
    const none = { rowMode: 'object' as const };
    expect(withoutTextParsers(none, adapted.client.parsers)).toBe(none);
  });

  it('is how the server opens the embedded database', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    try {
      // drizzle asks for text either way; the instance parses it so itself only with the adapter (PGlite's
      // own parser gives a Date), and only then do drizzle's statements go without their parsers.
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const { rows } = await client.query<{ at: unknown }>(
        `select '2026-01-01 00:00:00+00'::timestamptz as at`,
      );
      expect(rows).toEqual([{ at: '2026-01-01 00:00:00+00' }]);
    } finally {
      await database.close();
    }
  });
});

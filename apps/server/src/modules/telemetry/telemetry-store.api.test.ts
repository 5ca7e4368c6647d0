import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { rowsOf } from '../../db/sql-results.ts';
import { iotFixtures } from '../iot/testing/iot-fixtures.ts';
import type { TelemetryPoint } from './write.ts';

let t: TestApp;
let f: ReturnType<typeof iotFixtures>;
let owner: string;

const T0 = Date.parse('2024-03-01T00:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000);
const point = (propertyId: string, s: number, value: unknown, num: number | null = null): TelemetryPoint => ({
  propertyId,
  at: at(s),
  value,
  num: num ?? (typeof value === 'number' ? value : null),
});

beforeAll(async () => {
  t = await createTestApp();
  f = iotFixtures(t);
  owner = (await t.createUser()).id;
  await f.grantPlan(owner, 'create-maker-plus');
});
afterAll(() => t?.close());

/** A thing of the owner with one property per type given; returns the property ids by name. */
async function properties(...specs: [name: string, type: string, persist?: boolean][]) {
  const thing = await f.thing(owner, {
    properties: specs.map(([name, type, persist]) => ({
      name,
      type,
      permission: 'READ_WRITE',
      update_strategy: 'ON_CHANGE',
      ...(persist === false && { persist: false }),
    })),
  });
  return Object.fromEntries((thing.properties ?? []).map((p) => [p.name, p.id])) as Record<string, string>;
}

interface RollupRow {
  bucket: number;
  min: number;
  max: number;
  sum: number;
  count: number;
}
const rollups = (table: 'telemetry_minutes' | 'telemetry_hours', propertyId: string) =>
  rowsOf<RollupRow>(
    t.db,
    sql`select (extract(epoch from bucket) * 1000)::float8 as bucket, min, max, sum, count::int as count
        from ${sql.raw(table)} where property_id = ${propertyId}::uuid order by bucket`,
  );
/** Rollups computed from the raw points, to check the ones kept at ingest. */
const rollupsFromRaw = (width: '1 minute' | '1 hour', propertyId: string) =>
  rowsOf<RollupRow>(
    t.db,
    sql`select (extract(epoch from date_bin(${sql.raw(`'${width}'`)}, at, timestamptz 'epoch')) * 1000)::float8
               as bucket, min(num), max(num), sum(num), count(*)::int as count
        from telemetry_points where property_id = ${propertyId}::uuid and num is not null
        group by 1 order by 1`,
  );

/** Equal rollups; sums added in another order may differ in the last bits. */
function expectSameRollups(actual: RollupRow[], expected: RollupRow[]) {
  const exact = (rows: RollupRow[]) => rows.map(({ sum: _sum, ...r }) => r);
  expect(exact(actual)).toEqual(exact(expected));
  actual.forEach((r, i) => {
    expect(r.sum).toBeCloseTo(expected[i]?.sum as number, 6);
  });
}

describe('telemetry store: writes', () => {
  it('stores a batch once: duplicates, in the batch or sent again, change no row and no rollup', async () => {
    const ids = await properties(['a', 'FLOAT'], ['b', 'INT']);
    const a = ids.a as string;
    const b = ids.b as string;
    const batch = [point(a, 0, 1.5), point(a, 10, 2.5), point(b, 0, 7), point(a, 10, 99), point(a, 70, -1)];
    expect(await t.telemetry.write(batch)).toBe(4);
    const minutesBefore = await rollups('telemetry_minutes', a);
    expect(minutesBefore).toEqual([
      { bucket: at(0).getTime(), min: 1.5, max: 2.5, sum: 4, count: 2 },
      { bucket: at(60).getTime(), min: -1, max: -1, sum: -1, count: 1 },
    ]);
    const hoursBefore = await rollups('telemetry_hours', a);
    expect(hoursBefore).toEqual([{ bucket: at(0).getTime(), min: -1, max: 2.5, sum: 3, count: 3 }]);

    expect(await t.telemetry.write(batch)).toBe(0);
    expect(await t.telemetry.write([point(a, 10, 1000)])).toBe(0);
    expect(await rollups('telemetry_minutes', a)).toEqual(minutesBefore);
    expect(await rollups('telemetry_hours', a)).toEqual(hoursBefore);
    expect(await rollups('telemetry_minutes', b)).toEqual([
      { bucket: at(0).getTime(), min: 7, max: 7, sum: 7, count: 1 },
    ]);
    const raw = await t.telemetry.raw(a, { from: at(0), to: at(3600), sort: 'ASC', limit: 10 });
    expect(raw).toEqual([
      { at: at(0), value: 1.5 },
      { at: at(10), value: 2.5 },
      { at: at(70), value: -1 },
    ]);
  });

  it('replaces the last value only with a newer one', async () => {
    const { x } = await properties(['x', 'FLOAT']);
    const id = x as string;
    await t.telemetry.write([point(id, 100, 10)]);
    await t.telemetry.write([point(id, 50, 5)]);
    expect((await t.telemetry.lastValues([id])).get(id)).toEqual({ at: at(100), value: 10 });
    // Within one batch the newest wins, whatever the order.
    await t.telemetry.write([point(id, 300, 30), point(id, 200, 20)]);
    expect((await t.telemetry.lastValues([id])).get(id)).toEqual({ at: at(300), value: 30 });
    // The older points are still stored.
    expect((await t.telemetry.history(id, 10)).map((p) => p.value)).toEqual([30, 20, 10, 5]);
  });

  it('keeps strings and objects as JSON and numbers booleans as 0/1 for rollups', async () => {
    const ids = await properties(
      ['label', 'CHARSTRING'],
      ['spot', 'HOME_COLORED_LIGHT'],
      ['on', 'HOME_SWITCH'],
    );
    const colour = { hue: 120, sat: 50, bri: 80, swi: true };
    await t.telemetry.write([
      point(ids.label as string, 0, 'he said "hi", {ok}'),
      point(ids.spot as string, 0, colour),
      point(ids.on as string, 0, true, 1),
      point(ids.on as string, 1, false, 0),
    ]);
    expect(
      await t.telemetry.raw(ids.spot as string, { from: at(0), to: at(1), sort: 'DESC', limit: 1 }),
    ).toEqual([{ at: at(0), value: colour }]);
    expect((await t.telemetry.lastValues([ids.label as string])).get(ids.label as string)?.value).toBe(
      'he said "hi", {ok}',
    );
    expect(await rollups('telemetry_minutes', ids.label as string)).toEqual([]);
    expect(await rollups('telemetry_minutes', ids.on as string)).toEqual([
      { bucket: at(0).getTime(), min: 0, max: 1, sum: 1, count: 2 },
    ]);
  });

  it('keeps only the last value of a property that is not persisted, and ignores unknown properties', async () => {
    const { volatile } = await properties(['volatile', 'FLOAT', false]);
    const id = volatile as string;
    const unknown = '0b0b0b0b-0000-4000-8000-000000000001';
    expect(await t.telemetry.write([point(id, 0, 1), point(unknown, 0, 1)])).toBe(0);
    expect((await t.telemetry.lastValues([id, unknown])).size).toBe(1);
    expect(await t.telemetry.history(id, 10)).toEqual([]);
    expect(await rollups('telemetry_minutes', id)).toEqual([]);
  });

  it('refuses a malformed point and then writes nothing of its batch', async () => {
    const { y } = await properties(['y', 'FLOAT']);
    const id = y as string;
    const bad: TelemetryPoint[][] = [
      [point(id, 0, 1), { propertyId: 'nope', at: at(1), value: 1, num: 1 }],
      [point(id, 0, 1), { propertyId: id, at: new Date(Number.NaN), value: 1, num: 1 }],
      [point(id, 0, 1), { propertyId: id, at: at(2), value: undefined, num: null }],
      [point(id, 0, 1), { propertyId: id, at: at(3), value: 1, num: Number.POSITIVE_INFINITY }],
    ];
    for (const batch of bad) await expect(t.telemetry.write(batch)).rejects.toThrow(/Telemetry point 1/);
    expect(await t.telemetry.history(id, 10)).toEqual([]);
    expect((await t.telemetry.lastValues([id])).size).toBe(0);
  });

  it('forgets the values of a property deleted for good', async () => {
    const { gone } = await properties(['gone', 'FLOAT']);
    const id = gone as string;
    await t.telemetry.write([point(id, 0, 1), point(id, 4000, 2)]);
    await t.db.execute(sql`delete from iot_properties where id = ${id}::uuid`);
    for (const table of [
      'telemetry_points',
      'telemetry_minutes',
      'telemetry_hours',
      'telemetry_last_values',
    ]) {
      const rows = await rowsOf<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from ${sql.raw(table)} where property_id = ${id}::uuid`,
      );
      expect(rows[0]?.n, table).toBe(0);
    }
  });
});

describe('telemetry store: reads', () => {
  let id: string;
  // Three hours of a value every 7 seconds (not a divisor of a minute, so minutes hold 8 or 9 points).
  const STEP = 7;
  const SPAN = 3 * 3600;
  const value = (s: number) => Math.round(Math.sin(s / 500) * 1000) / 10 + (s % 13);

  beforeAll(async () => {
    const ids = await properties(['wave', 'FLOAT']);
    id = ids.wave as string;
    const points: TelemetryPoint[] = [];
    for (let s = 0; s < SPAN; s += STEP) points.push(point(id, s, value(s)));
    // In several batches, as ingest sends them, one overlapping the previous.
    for (let i = 0; i < points.length; i += 500)
      await t.telemetry.write(points.slice(Math.max(0, i - 20), i + 500));
  });

  it('keeps minute and hour rollups equal to min, max, sum and count of the raw points', async () => {
    const minutes = await rollups('telemetry_minutes', id);
    expect(minutes).toHaveLength(SPAN / 60);
    expectSameRollups(minutes, await rollupsFromRaw('1 minute', id));
    expectSameRollups(await rollups('telemetry_hours', id), await rollupsFromRaw('1 hour', id));
    const total = minutes.reduce((n, m) => n + m.count, 0);
    expect(total).toBe(Math.ceil(SPAN / STEP));
  });

  it('answers aligned buckets from rollups exactly as raw points would', async () => {
    const range = { from: at(0), to: at(SPAN), desc: false, limit: 1000 };
    for (const aggregation of ['AVG', 'MIN', 'MAX', 'SUM', 'COUNT', 'BOOL_OR'] as const) {
      for (const intervalS of [600, 3600]) {
        const rolled = await t.telemetry.aggregate(id, { ...range, intervalS, aggregation });
        expect(rolled.resolution).toBe(intervalS === 3600 ? 'hour' : 'minute');
        // PCT_50 needs raw points; the same buckets from raw via a percentile-free path: compute here.
        const expected = await rowsOf<{ t: number; v: number }>(
          t.db,
          sql`select (extract(epoch from date_bin(${intervalS}::int * interval '1 second', at, ${at(0).toISOString()}::timestamptz)) * 1000)::float8 as t,
                     (${sql.raw(
                       {
                         AVG: 'avg(num)',
                         MIN: 'min(num)',
                         MAX: 'max(num)',
                         SUM: 'sum(num)',
                         COUNT: 'count(num)',
                         BOOL_OR: 'bool_or(num <> 0)::int',
                       }[aggregation],
                     )})::float8 as v
              from telemetry_points where property_id = ${id}::uuid group by 1 order by 1`,
        );
        expect(rolled.points.map((p) => p.time.getTime())).toEqual(expected.map((e) => e.t));
        rolled.points.forEach((p, i) => {
          expect(p.value).toBeCloseTo(expected[i]?.v as number, 6);
        });
      }
    }
  });

  it('chooses raw, minute or hour by bucket size and aggregation', async () => {
    const read = (
      from: Date,
      to: Date,
      intervalS: number,
      aggregation: 'AVG' | 'PCT_50' | 'BOOL_AND' = 'AVG',
    ) => t.telemetry.aggregate(id, { from, to, intervalS, aggregation, desc: false, limit: 1000 });
    const now = new Date('2024-03-16T00:00:17.250Z');
    const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
    // A 15-day chart of 500 buckets (2,592 s each): minute rollups.
    expect((await read(days(15), now, 2592)).resolution).toBe('minute');
    // A year of 500 buckets: hour rollups.
    expect((await read(days(365), now, Math.ceil((365 * 86_400) / 500))).resolution).toBe('hour');
    // A day of 500 buckets (173 s, edges off the minute): minutes; 12 hours (87 s) or an hour: raw points.
    expect((await read(days(1), now, 173)).resolution).toBe('minute');
    expect((await read(days(0.5), now, 87)).resolution).toBe('raw');
    expect((await read(days(1 / 24), now, 8)).resolution).toBe('raw');
    // Aligned minute buckets read minutes even when small; percentiles and BOOL_AND of numbers read raw.
    expect((await read(at(0), at(600), 60)).resolution).toBe('minute');
    expect((await read(days(15), now, 2592, 'PCT_50')).resolution).toBe('raw');
    expect((await read(days(15), now, 2592, 'BOOL_AND')).resolution).toBe('raw');
  });

  it('reads a long range from rollups only, never raw points', async () => {
    const from = new Date(T0 - 12 * 86_400_000 + 17_000);
    const to = new Date(T0 + 3 * 86_400_000 + 17_000);
    const q = { from, to, intervalS: 2592, aggregation: 'SUM' as const, desc: false, limit: 500 };
    const before = await t.telemetry.aggregate(id, q);
    expect(before.resolution).toBe('minute');
    const sum = (await rollupsFromRaw('1 hour', id)).reduce((n, r) => n + r.sum, 0);
    expect(before.points.reduce((n, p) => n + p.value, 0)).toBeCloseTo(sum, 6);
    // The raw points removed behind the store's back: the chart is unchanged, since it never read them.
    await t.db.execute(sql`delete from telemetry_points where property_id = ${id}::uuid`);
    try {
      expect(await t.telemetry.aggregate(id, q)).toEqual(before);
      expect((await t.telemetry.aggregate(id, { ...q, aggregation: 'PCT_50' })).points).toEqual([]);
    } finally {
      const points: TelemetryPoint[] = [];
      for (let s = 0; s < SPAN; s += STEP) points.push(point(id, s, value(s)));
      await t.db.execute(sql`delete from telemetry_minutes where property_id = ${id}::uuid`);
      await t.db.execute(sql`delete from telemetry_hours where property_id = ${id}::uuid`);
      await t.telemetry.write(points);
    }
  });

  it('reads raw windows newest or oldest first within the limit, and samples the last value per bucket', async () => {
    const newest = await t.telemetry.raw(id, { from: at(0), to: at(SPAN), sort: 'DESC', limit: 3 });
    const last = Math.floor((SPAN - 1) / STEP) * STEP;
    expect(newest.map((p) => p.at)).toEqual([at(last), at(last - STEP), at(last - 2 * STEP)]);
    const oldest = await t.telemetry.raw(id, { from: at(7), to: at(22), sort: 'ASC', limit: 10 });
    expect(oldest).toEqual([
      { at: at(7), value: value(7) },
      { at: at(14), value: value(14) },
      { at: at(21), value: value(21) },
    ]);
    const sampled = await t.telemetry.sampled(id, { from: at(0), to: at(180), intervalS: 60, limit: 10 });
    expect(sampled).toEqual([
      { time: at(0), value: value(56) },
      { time: at(60), value: value(119) },
      { time: at(120), value: value(175) },
    ]);
  });
});

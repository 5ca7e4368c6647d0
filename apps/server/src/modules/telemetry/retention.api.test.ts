import type { RetentionClass } from '@tinkercloud/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { rowsOf } from '../../db/sql-results.ts';
import { createRetentionClassifier } from '../iot/common/retention-classes.ts';
import { iotFixtures } from '../iot/testing/iot-fixtures.ts';
import { startMaintenanceJob } from './maintenance-job.ts';
import { createTelemetryStore } from './telemetry-store.ts';

let t: TestApp;
let f: ReturnType<typeof iotFixtures>;

const DAY = 86_400_000;
// Far from the real clock, so the partitions of this test are its own.
const D = Date.parse('2031-01-10T00:00:00Z');
const at = (ms: number) => new Date(D + ms);

beforeAll(async () => {
  t = await createTestApp();
  f = iotFixtures(t);
});
afterAll(() => t?.close());

async function propertyOf(userId: string, space?: string) {
  const thing = await f.thing(
    userId,
    {
      properties: [{ name: 'p', type: 'FLOAT', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' }],
    },
    space,
  );
  return thing.properties?.[0]?.id as string;
}

/** Where each point of the property sits: the partition's name. */
const homes = (propertyId: string) =>
  rowsOf<{ home: string }>(
    t.db,
    sql`select tableoid::regclass::text as home from telemetry_points
        where property_id = ${propertyId}::uuid order by at`,
  ).then((rows) => rows.map((r) => r.home));

describe('retention', () => {
  it('drops whole tables of the expired class only, and expired stragglers of its default partition', async () => {
    const user = (await t.createUser()).id;
    const free = await propertyOf(user);
    const maker = await propertyOf(user);
    const classes = new Map<string, RetentionClass>([
      [free, 'free'],
      [maker, 'maker'],
    ]);
    const store = createTelemetryStore(t.db, { classify: async () => classes });
    const created = await store.maintain(at(12 * 3600_000));
    expect(created.created).toEqual(
      // Free and entry by day; maker and maker plus by week (the 10th is a Friday: the week of Monday the 6th).
      expect.arrayContaining([
        'telemetry_points_r0_20310110',
        'telemetry_points_r1_20310111',
        'telemetry_hours_r2_20310106',
      ]),
    );
    const points = (id: string) => [
      { propertyId: id, at: at(3600_000), value: 1, num: 1 },
      // Ten days before: no table for that day, so it waits in the class's default partition.
      { propertyId: id, at: at(-10 * DAY), value: 2, num: 2 },
    ];
    await store.write([...points(free), ...points(maker)]);
    expect(await homes(free)).toEqual(['telemetry_points_r0_default', 'telemetry_points_r0_20310110']);
    expect(await homes(maker)).toEqual(['telemetry_points_r2_default', 'telemetry_points_r2_20310106']);

    // Two days later the free class (1 day) has expired for the 10th; the maker class (92 days) has not.
    const report = await store.maintain(at(2 * DAY + 3600_000));
    const dropped = report.dropped.filter((n) => n.endsWith('_20310110'));
    expect(dropped.sort()).toEqual([
      'telemetry_hours_r0_20310110',
      'telemetry_minutes_r0_20310110',
      'telemetry_points_r0_20310110',
    ]);
    expect(report.purged).toBeGreaterThanOrEqual(3);
    expect(await homes(free)).toEqual([]);
    expect(await homes(maker)).toEqual(['telemetry_points_r2_default', 'telemetry_points_r2_20310106']);
    const minutes = await rowsOf<{ id: string }>(
      t.db,
      sql`select property_id as id from telemetry_minutes where property_id in (${free}::uuid, ${maker}::uuid)`,
    );
    expect(minutes.map((m) => m.id)).toEqual([maker, maker]);
    // The last value is the property's state, not history: it stays.
    expect((await store.lastValues([free])).get(free)?.value).toBe(1);
    const existing = await rowsOf<{ name: string }>(
      t.db,
      sql`select relname as name from pg_class
          where relname like 'telemetry_%_20310110' or relname like 'telemetry_%_20310106'`,
    );
    expect(existing.map((r) => r.name).sort()).toEqual([
      'telemetry_hours_r1_20310110',
      'telemetry_hours_r2_20310106',
      'telemetry_hours_r3_20310106',
      'telemetry_minutes_r1_20310110',
      'telemetry_minutes_r2_20310106',
      'telemetry_minutes_r3_20310106',
      'telemetry_points_r1_20310110',
      'telemetry_points_r2_20310106',
      'telemetry_points_r3_20310106',
    ]);
  });

  it("moves points that waited in the default partition into their span's table when it is made", async () => {
    const user = (await t.createUser()).id;
    const id = await propertyOf(user);
    const store = createTelemetryStore(t.db, {
      classify: async () => new Map([[id, 'maker-plus' as const]]),
    });
    const later = at(20 * DAY + 60_000);
    await store.write([{ propertyId: id, at: later, value: 5, num: 5 }]);
    expect(await homes(id)).toEqual(['telemetry_points_r3_default']);
    await store.maintain(at(20 * DAY + 3600_000));
    expect(await homes(id)).toEqual(['telemetry_points_r3_20310127']);
    const minute = await rowsOf<{ home: string }>(
      t.db,
      sql`select tableoid::regclass::text as home from telemetry_minutes where property_id = ${id}::uuid`,
    );
    expect(minute).toEqual([{ home: 'telemetry_minutes_r3_20310127' }]);
    expect(await store.raw(id, { from: later, to: at(21 * DAY), sort: 'ASC', limit: 5 })).toEqual([
      { at: later, value: 5 },
    ]);
  });

  it("classes a property by its space's plan: none, the owner's best, a team's running plan", async () => {
    const classify = createRetentionClassifier(t.db);
    const user = (await t.createUser()).id;
    const mine = await propertyOf(user);
    expect((await classify([mine])).get(mine)).toBe('free');
    await f.grantPlan(user, 'create-entry');
    expect((await classify([mine])).get(mine)).toBe('entry');
    await f.grantPlan(user, 'create-maker');
    expect((await classify([mine])).get(mine)).toBe('maker');
    const team = await f.space('pro', [[user, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const theirs = await propertyOf(user, team.id);
    const expired = await f.space('pro', [[user, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const stale = await propertyOf(user, expired.id);
    await t.db.execute(
      sql`update organizations set plan_expires_at = now() - interval '1 day' where id = ${expired.id}::uuid`,
    );
    const result = await classify([mine, theirs, stale, '0c0c0c0c-0000-4000-8000-000000000001']);
    expect(Object.fromEntries(result)).toEqual({ [mine]: 'maker', [theirs]: 'maker-plus', [stale]: 'free' });
  });

  it('runs maintenance on a timer until stopped', async () => {
    let runs = 0;
    const job = startMaintenanceJob(
      {
        maintain: async () => {
          runs += 1;
          return t.telemetry.maintain();
        },
      },
      20,
      (err) => {
        throw err;
      },
    );
    await expect.poll(() => runs).toBeGreaterThanOrEqual(2);
    await job.stop();
    const after = runs;
    await new Promise((r) => setTimeout(r, 100));
    expect(runs).toBe(after);
  });
});

// The server side of `npm run bench:ingest` (bench/ingest.mts starts it as a child process): the same wiring
// as the server (HTTP app, connectivity, live bus on the broker, telemetry store) on the database it is given,
// with BENCH_DEVICES devices (keys set through the REST API) bound to things of BENCH_POINTS_PER_MESSAGE FLOAT
// properties. Talks to its parent over IPC: "ready" with the devices, then answers "count" and "stop".
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/sql-results.ts';
import { mqttFixtures } from '../apps/server/src/modules/connectivity/testing/mqtt-fixtures.ts';
import { createTestApp } from '../apps/server/test/app.ts';
import { openChildDatabase } from './child-database.ts';
import { type CommitStats, recordCommits } from './commit-recorder.ts';

export interface BenchDevice {
  id: string;
  secret: string;
  thingId: string;
  names: string[];
}
export type ToParent =
  | { kind: 'ready'; mqttPort: number | null; devices: BenchDevice[] }
  | { kind: 'count'; rows: number; commits: CommitStats }
  | { kind: 'raw'; points: number; seconds: number }
  | { kind: 'error'; message: string };
/** `raw`: the limit of the store, `points` rows inserted straight into telemetry_points (see rawInsert). */
export type ToChild = { kind: 'count' } | { kind: 'raw'; points: number } | { kind: 'stop' };

const send = (m: ToParent) => process.send?.(m);
const devices = Number(process.env.BENCH_DEVICES ?? 50);
const points = Number(process.env.BENCH_POINTS_PER_MESSAGE ?? 10);

const { database, note } = await openChildDatabase();
const t = await createTestApp(
  {
    IOT_RATE_LIMIT_PER_MINUTE: '0',
    // Each bench device sends far more than a board would (100+ messages a second): no per-device rate here.
    MQTT_DEVICE_MESSAGES_PER_SECOND: '0',
    ...(process.env.MQTT_URL ? { MQTT_URL: process.env.MQTT_URL } : {}),
  },
  { broker: true, database },
);

// Every message's value `v0` is its send time.
const recorder = recordCommits(t.connectivity?.ingest.onValues, (v) => v.property.variable === 'v0');

try {
  const f = mqttFixtures(t);
  const user = await t.createUser();
  await f.grantPlan(user.id, 'create-maker-plus');
  const names = Array.from({ length: points }, (_, i) => `v${i}`);
  const made: BenchDevice[] = [];
  for (let i = 0; i < devices; i += 1) {
    const device = await f.deviceWithKey(user.id);
    const thing = await f.thingWith(
      user.id,
      names.map((name) => ({ name, type: 'FLOAT', permission: 'READ_ONLY' as const })),
      { deviceId: device.id },
    );
    made.push({ ...device, thingId: thing.id, names });
    if ((i + 1) % 10 === 0) note(`${i + 1} devices made`);
  }
  send({ kind: 'ready', mqttPort: t.connectivity?.listening?.port ?? null, devices: made });
} catch (err) {
  send({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
}

/** Rows per statement of the raw insert: about what one of the server's commits holds under load. */
const RAW_BATCH = 1000;

/**
 * The same kind of rows the devices' values become (the bench properties, a FLOAT value and its number),
 * inserted with a bare `insert … select from unnest` in batches: no parsing, no rollups, no last values. Dated
 * in 2001 so they never meet the devices' points.
 */
async function rawInsert(points: number) {
  const ids = (await rowsOf<{ id: string }>(t.db, sql`select id from iot_properties`)).map((r) => r.id);
  const base = Date.UTC(2001, 0, 1);
  const started = performance.now();
  for (let from = 0; from < points; from += RAW_BATCH) {
    const n = Math.min(RAW_BATCH, points - from);
    const rowIds: string[] = [];
    const ats: string[] = [];
    const values: string[] = [];
    const nums: number[] = [];
    for (let i = from; i < from + n; i += 1) {
      rowIds.push(ids[i % ids.length] as string);
      ats.push(new Date(base + Math.floor(i / ids.length)).toISOString());
      values.push(String(i / 100));
      nums.push(i / 100);
    }
    await t.db.execute(sql`
      insert into telemetry_points (property_id, at, retention, value, num)
      select id, at, 0, value::jsonb, num
      from unnest(${sql.param(rowIds)}::uuid[], ${sql.param(ats)}::timestamptz[], ${sql.param(values)}::text[],
                  ${sql.param(nums)}::float8[]) as i(id, at, value, num)`);
  }
  return (performance.now() - started) / 1000;
}

process.on('message', async (m: ToChild) => {
  if (m.kind === 'raw') {
    send({ kind: 'raw', points: m.points, seconds: await rawInsert(m.points) });
    return;
  }
  if (m.kind === 'count') {
    send(await recorder.count(t.db));
    return;
  }
  await t.close();
  await database.close();
  process.exit(0);
});

/**
 * Devices that were offline catch up (issue 15 item 6): the simulated board keeps measuring while its
 * connection is refused, then sends what it buffered with the SenML time of each value; the server stores
 * them at those times, fills the minute and hour rollups of the gap (an hour of outage shows on the 15-day
 * chart), and a replay stores nothing twice.
 */
import { type SimulatedDevice, startSimulatedDevice } from '@tinkercloud/device-protocol/simulator';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { rowsOf } from '../../db/sql-results.ts';
import { mqttFixtures, storedPoints } from './testing/mqtt-fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof mqttFixtures>;
const sims: SimulatedDevice[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { broker: true });
  f = mqttFixtures(t);
});
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.stop()));
  await f.closeAll();
});
afterAll(() => t?.close());

const FAST = { thingRetryMinMs: 50, thingRetryMaxMs: 400, reconnectMinMs: 100, reconnectMaxMs: 200 };
const once = (sim: SimulatedDevice, event: string) => new Promise((resolve) => sim.once(event, resolve));
const setKey = async (userId: string, deviceId: string, password: string) =>
  expect((await f.call(userId, 'PUT', `/iot/v2/devices/${deviceId}/pass`, { password })).statusCode).toBe(
    200,
  );

/**
 * A board that buffers while offline, on a thing with one temperature, connected and synchronised; `board`
 * sets how often it measures and its clock.
 */
async function bufferingBoard(board: { intervalMs: number; clock?: () => number }) {
  const user = await t.createUser();
  const device = await f.deviceWithKey(user.id);
  const thing = await f.thingWith(user.id, [{ name: 'temperature', type: 'TEMPERATURE' }], {
    deviceId: device.id,
  });
  const sim = startSimulatedDevice({
    url: `mqtt://127.0.0.1:${f.port()}`,
    deviceId: device.id,
    secretKey: device.secret,
    properties: 'temperature:temperature',
    timing: FAST,
    bufferOffline: true,
    ...board,
  });
  sims.push(sim);
  await once(sim, 'synced');
  return { user, device, thing, pid: thing.properties?.[0]?.id, sim };
}

describe('a device that was offline catches up', { timeout: 60_000 }, () => {
  it('stores the values it measured offline at their own times and fills the rollups of the gap', async () => {
    // Whole seconds apart: SenML times are whole seconds, one value per second keeps each distinct.
    const { user, device, pid, sim } = await bufferingBoard({ intervalMs: 1000 });

    // The uplink breaks: a new key ends the session and the board's own key is refused for a while.
    const down = Date.now();
    await setKey(user.id, device.id, 'a-key-the-board-does-not-have-123');
    await expect.poll(() => sim.connected).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 4500));
    const up = Date.now();
    const replayed = once(sim, 'replayed');
    await setKey(user.id, device.id, device.secret);
    const sent = (await replayed) as number;
    expect(sent).toBeGreaterThanOrEqual(3);

    // Every buffered value is stored, dated inside the outage (its own time, not its arrival).
    await expect
      .poll(async () => (await storedPoints(t.db, pid)).filter((p) => p.at.getTime() < up).length, {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(sent);
    const inGap = (await storedPoints(t.db, pid)).filter(
      (p) => p.at.getTime() >= Math.floor(down / 1000) * 1000 && p.at.getTime() <= up,
    );
    expect(inGap.length).toBeGreaterThanOrEqual(sent);

    // The minute rollups count every stored point, those of the gap included.
    const [counts] = await rowsOf<{ points: number; rolled: number }>(
      t.db,
      sql`select (select count(*)::int from telemetry_points where property_id = ${pid}::uuid) as points,
                 (select coalesce(sum(count), 0)::int from telemetry_minutes where property_id = ${pid}::uuid) as rolled`,
    );
    expect(counts?.rolled).toBe(counts?.points);

    // The series API answers the gap filled.
    const raw = await f.call(user.id, 'POST', '/iot/v2/series/batch_query_raw', {
      requests: [
        {
          q: `property.${pid}`,
          from: new Date(down - 1000).toISOString(),
          to: new Date(up).toISOString(),
          series_limit: 1000,
        },
      ],
      resp_version: 1,
    });
    expect(raw.statusCode, raw.body).toBe(200);
    expect(raw.json().responses[0].times.length).toBeGreaterThanOrEqual(sent);
  });

  it('fills an hour of outage in the 15-day chart (the board’s clock run fast)', async () => {
    // Once the uplink is down the board's clock runs 600 times fast from three hours ago: each real 100 ms is a
    // minute of measurements and six seconds an hour, all in the past (as a board's buffer would be) until 18 s
    // after the cut. It is never set back: the board stops buffering once it is connected again.
    const SPEED = 600;
    let boardClock = () => Date.now();
    const { user, device, thing, pid, sim } = await bufferingBoard({
      intervalMs: 100,
      clock: () => boardClock(),
    });

    const cut = Date.now();
    const clockFrom = cut - 3 * 3_600_000;
    boardClock = () => clockFrom + (Date.now() - cut) * SPEED;
    const down = once(sim, 'disconnected');
    await setKey(user.id, device.id, 'a-key-the-board-does-not-have-123');
    await down;
    const outageStart = boardClock();
    await expect.poll(() => boardClock() - outageStart, { timeout: 10_000 }).toBeGreaterThan(3_600_000);
    const outageEnd = boardClock();

    // The 15-day chart as the web app asks for it (graph-window.ts: 15 days in buckets of 15 d / 500).
    const INTERVAL_S = Math.ceil((15 * 86_400) / 500);
    const chart = async () => {
      const res = await f.call(user.id, 'POST', '/iot/v2/series/batch_query', {
        resp_version: 1,
        requests: [
          {
            q: `thing.${thing.id}`,
            from: new Date(Date.now() - 15 * 86_400_000).toISOString(),
            to: new Date().toISOString(),
            interval: INTERVAL_S,
            series_limit: 1000,
          },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const response = (
        res.json() as { responses: { property_id: string; times: string[] }[] }
      ).responses.find((r) => r.property_id === pid);
      return (response?.times ?? []).map(Date.parse);
    };
    // Bucket times are their starts: the first bucket the outage touches may start before it.
    const bucketsInOutage = async () =>
      (await chart()).filter((at) => at >= outageStart - INTERVAL_S * 1000 && at <= outageEnd);
    expect(await bucketsInOutage()).toEqual([]);

    const replayed = once(sim, 'replayed');
    await setKey(user.id, device.id, device.secret);
    const sent = (await replayed) as number;
    expect(sent).toBeGreaterThanOrEqual(30);

    // Every value measured offline is stored at its own time (a minute apart: no two share a second).
    const offline = async () =>
      (await storedPoints(t.db, pid)).map((p) => p.at.getTime()).filter((at) => at < cut - 600_000);
    await expect.poll(async () => (await offline()).length, { timeout: 15_000 }).toBe(sent);
    const hour = (await offline()).filter((at) => at >= outageStart && at <= outageEnd);
    const first = Math.min(...hour);
    const last = Math.max(...hour);
    // An hour, less the first and last readings' share of it (timers run late on a busy machine).
    expect(last - first).toBeGreaterThanOrEqual(50 * 60_000);

    // The chart's buckets over that hour are all there now, one after another without a hole (however the
    // buckets fall, the span from the first value to the last touches at least this many).
    const buckets = await bucketsInOutage();
    expect(buckets.length).toBeGreaterThanOrEqual(Math.ceil((last - first) / 1000 / INTERVAL_S));
    for (let i = 1; i < buckets.length; i += 1)
      expect((buckets[i] as number) - (buckets[i - 1] as number)).toBe(INTERVAL_S * 1000);
    const [counts] = await rowsOf<{ points: number; minutes: number; hours: number }>(
      t.db,
      sql`select (select count(*)::int from telemetry_points where property_id = ${pid}::uuid) as points,
                 (select coalesce(sum(count), 0)::int from telemetry_minutes where property_id = ${pid}::uuid) as minutes,
                 (select coalesce(sum(count), 0)::int from telemetry_hours where property_id = ${pid}::uuid) as hours`,
    );
    expect(counts?.points).toBeGreaterThan(sent);
    expect(counts?.minutes).toBe(counts?.points);
    expect(counts?.hours).toBe(counts?.points);
  });
});

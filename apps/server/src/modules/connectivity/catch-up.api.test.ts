/**
 * Devices that were offline catch up (issue 15 item 6): the simulated board keeps measuring while its
 * connection is refused, then sends what it buffered with the SenML time of each value; the server stores
 * them at those times, fills the minute rollups of the gap, and a replay stores nothing twice.
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

describe('a device that was offline catches up', { timeout: 60_000 }, () => {
  it('stores the values it measured offline at their own times and fills the rollups of the gap', async () => {
    const user = await t.createUser();
    const device = await f.deviceWithKey(user.id);
    const thing = await f.thingWith(user.id, [{ name: 'temperature', type: 'TEMPERATURE' }], {
      deviceId: device.id,
    });
    const pid = thing.properties?.[0]?.id;
    const sim = startSimulatedDevice({
      url: `mqtt://127.0.0.1:${f.port()}`,
      deviceId: device.id,
      secretKey: device.secret,
      properties: 'temperature:temperature',
      // Whole seconds apart: SenML times are whole seconds, one value per second keeps each distinct.
      intervalMs: 1000,
      timing: FAST,
      bufferOffline: true,
    });
    sims.push(sim);
    await once(sim, 'synced');

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
});

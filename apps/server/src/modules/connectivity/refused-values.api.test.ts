import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { mqttFixtures, publishValue, storedPoints } from './testing/mqtt-fixtures.ts';

// Issue 28 item 3: a board that keeps sending a renamed variable's old name had its values refused without
// any page saying so. Its refusals are kept by name and reason, with counts and the last time.

const T0 = Date.UTC(2025, 5, 1, 8, 0, 0);
let t: TestApp;
let f: ReturnType<typeof mqttFixtures>;
beforeAll(async () => {
  t = await createTestApp({}, { broker: true });
  f = mqttFixtures(t);
});
afterEach(() => f?.closeAll());
afterAll(() => t?.close());

type Refused = {
  device_id: string | null;
  refused: { name: string; reason: string; count: number; first_at: string; last_at: string }[];
};

async function refusedOf(userId: string, path: string): Promise<Refused> {
  await t.connectivity?.flushRejections();
  const res = await f.call(userId, 'GET', path);
  expect(res.statusCode).toBe(200);
  return res.json() as Refused;
}

describe('refused values by name and reason', () => {
  it('shows the old name of a renamed variable, sent by a real MQTT client, with its count and last time', async () => {
    const user = await t.createUser();
    const device = await f.deviceWithKey(user.id);
    const thing = await f.thingWith(user.id, [{ name: 'count', type: 'INT' }], { deviceId: device.id });
    const pid = thing.properties?.[0]?.id as string;
    const client = await f.connectDevice(device);
    await publishValue(client, thing.id, { name: 'count', type: 'INT', value: 1, at: T0 });
    expect(await refusedOf(user.id, `/iot/v2/devices/${device.id}/refused_values`)).toEqual({
      device_id: device.id,
      refused: [],
    });

    const renamed = await f.call(user.id, 'POST', `/iot/v2/things/${thing.id}/properties/${pid}`, {
      name: 'total',
      variable_name: 'total',
      type: 'INT',
      permission: 'READ_ONLY',
      update_strategy: 'ON_CHANGE',
    });
    expect(renamed.statusCode).toBe(200);
    const before = Date.now();
    // The board was not updated: it keeps sending the old name.
    for (let i = 0; i < 3; i++)
      await publishValue(client, thing.id, {
        name: 'count',
        type: 'INT',
        value: 2 + i,
        at: T0 + 1000 * (i + 1),
      });
    await publishValue(client, thing.id, { name: 'total', type: 'INT', value: 9, at: T0 + 9000 });
    expect(await storedPoints(t.db, pid)).toHaveLength(2);

    const onDevice = await refusedOf(user.id, `/iot/v2/devices/${device.id}/refused_values`);
    expect(onDevice.refused).toEqual([
      {
        name: 'count',
        reason: 'unknown property',
        count: 3,
        first_at: expect.any(String),
        last_at: expect.any(String),
      },
    ]);
    const row = onDevice.refused[0];
    expect(Date.parse(row?.last_at ?? '')).toBeGreaterThanOrEqual(Date.parse(row?.first_at ?? ''));
    expect(Date.parse(row?.last_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    // The thing shows its device's.
    expect(await refusedOf(user.id, `/iot/v2/things/${thing.id}/refused_values`)).toEqual(onDevice);

    // More of the same add to the one row.
    await publishValue(client, thing.id, { name: 'count', type: 'INT', value: 7, at: T0 + 20_000 });
    const again = await refusedOf(user.id, `/iot/v2/devices/${device.id}/refused_values`);
    expect(again.refused).toHaveLength(1);
    expect(again.refused[0]?.count).toBe(4);
    expect(Date.parse(again.refused[0]?.last_at ?? '')).toBeGreaterThanOrEqual(
      Date.parse(row?.last_at ?? ''),
    );
  });

  it('keeps other spaces out, answers a thing without a device, and clears on request', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const device = await f.deviceWithKey(user.id);
    const thing = await f.thingWith(user.id, [{ name: 'level', type: 'FLOAT' }], { deviceId: device.id });
    const lonely = await f.thingWith(user.id, [{ name: 'level', type: 'FLOAT' }]);
    const client = await f.connectDevice(device);
    await publishValue(client, thing.id, { name: 'gone', type: 'FLOAT', value: 1, at: T0 });
    await publishValue(client, thing.id, { name: 'level', type: 'CHARSTRING', value: 'high', at: T0 });
    const seen = await refusedOf(user.id, `/iot/v2/devices/${device.id}/refused_values`);
    expect(seen.refused.map((r) => [r.name, r.reason]).sort()).toEqual([
      ['gone', 'unknown property'],
      ['level', 'a number is expected'],
    ]);

    for (const path of [
      `/iot/v2/devices/${device.id}/refused_values`,
      `/iot/v2/things/${thing.id}/refused_values`,
    ])
      expect((await f.call(other.id, 'GET', path)).statusCode).toBe(404);
    expect((await f.call(other.id, 'DELETE', `/iot/v2/devices/${device.id}/refused_values`)).statusCode).toBe(
      404,
    );
    expect(await refusedOf(user.id, `/iot/v2/things/${lonely.id}/refused_values`)).toEqual({
      device_id: null,
      refused: [],
    });

    expect((await f.call(user.id, 'DELETE', `/iot/v2/devices/${device.id}/refused_values`)).statusCode).toBe(
      200,
    );
    expect((await refusedOf(user.id, `/iot/v2/devices/${device.id}/refused_values`)).refused).toEqual([]);
  });

  it('keeps at most 50 names a device, however many it invents', async () => {
    const user = await t.createUser();
    const device = await f.deviceWithKey(user.id);
    const thing = await f.thingWith(user.id, [{ name: 'level', type: 'FLOAT' }], { deviceId: device.id });
    const client = await f.connectDevice(device);
    for (let i = 0; i < 60; i++)
      await publishValue(client, thing.id, { name: `n${i}`, type: 'FLOAT', value: i });
    await t.connectivity?.flushRejections();
    for (let i = 0; i < 5; i++)
      await publishValue(client, thing.id, { name: `m${i}`, type: 'FLOAT', value: i });
    const seen = await refusedOf(user.id, `/iot/v2/devices/${device.id}/refused_values`);
    expect(seen.refused).toHaveLength(50);
    expect(seen.refused.some((r) => r.name.startsWith('m'))).toBe(false);
    // The device's counter still counts every one.
    const info = (await f.call(user.id, 'GET', `/iot/v2/devices/${device.id}/connectivity`)).json();
    expect(info.rejected_values).toBe(65);
  });
});

import { decodeSenml } from '@tinkercloud/device-protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { mqttFixtures, nextMessage, storedPoints } from '../../connectivity/testing/mqtt-fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof mqttFixtures>;
beforeAll(async () => {
  t = await createTestApp({}, { broker: true });
  f = mqttFixtures(t);
});
afterEach(() => f?.closeAll());
afterAll(() => t?.close());

/** A connected device bound to a thing with a few variables; `ids` maps names to property ids. */
async function setup() {
  const user = await t.createUser();
  const device = await f.deviceWithKey(user.id);
  const thing = await f.thingWith(
    user.id,
    [
      { name: 'temperature', type: 'TEMPERATURE_C', permission: 'READ_ONLY' },
      { name: 'led', type: 'HOME_SWITCH', permission: 'READ_WRITE' },
      { name: 'label', type: 'CHARSTRING', permission: 'READ_WRITE' },
    ],
    { deviceId: device.id },
  );
  const ids = new Map((thing.properties ?? []).map((p) => [p.name, p.id]));
  const client = await f.connectDevice(device);
  await client.subscribeAsync(`/a/t/${thing.id}/e/i`);
  return { user, thing, ids, client, inbox: `/a/t/${thing.id}/e/i` };
}

const showProperty = async (userId: string, thingId: string, pid: string | undefined) =>
  (await f.call(userId, 'GET', `/iot/v2/things/${thingId}/properties/${pid}`)).json();

describe('PUT /iot/v2/things/{id}/publish', () => {
  it('stores several variables at once as if the device sent them, without writing to the device', async () => {
    const s = await setup();
    const first = nextMessage(s.client, s.inbox);
    const res = await f.call(s.user.id, 'PUT', `/iot/v2/things/${s.thing.id}/publish`, {
      properties: [
        { property: 'temperature', value: 21.5 },
        { property: 'led', value: true },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect((await showProperty(s.user.id, s.thing.id, s.ids.get('temperature'))).last_value).toBe(21.5);
    expect((await showProperty(s.user.id, s.thing.id, s.ids.get('led'))).last_value).toBe(true);
    // Then a write to the device: the first message the device hears is that one, so the values above were
    // never sent to it.
    await f.call(s.user.id, 'PUT', `/iot/v2/things/${s.thing.id}/publish`, {
      properties: [{ property: 'label', value: 'marker' }],
      to_device: true,
    });
    expect(decodeSenml(await first)).toEqual([{ name: 'label', value: 'marker' }]);
  });

  it('with to_device sends the values to the device on e/i as one message', async () => {
    const s = await setup();
    const message = nextMessage(s.client, s.inbox);
    const res = await f.call(s.user.id, 'PUT', `/iot/v2/things/${s.thing.id}/publish`, {
      properties: [
        { property: 'led', value: true },
        { property: 'label', value: 'hello' },
      ],
      to_device: true,
    });
    expect(res.statusCode).toBe(200);
    expect(decodeSenml(await message)).toEqual([
      { name: 'led', value: true },
      { name: 'label', value: 'hello' },
    ]);
  });

  it('stores nothing when one value is wrong or one variable unknown', async () => {
    const s = await setup();
    const wrong = await f.call(s.user.id, 'PUT', `/iot/v2/things/${s.thing.id}/publish`, {
      properties: [
        { property: 'led', value: true },
        { property: 'temperature', value: 'warm' },
      ],
    });
    expect(wrong.statusCode).toBe(400);
    const unknown = await f.call(s.user.id, 'PUT', `/iot/v2/things/${s.thing.id}/publish`, {
      properties: [
        { property: 'led', value: true },
        { property: 'humidity', value: 40 },
      ],
    });
    expect(unknown.statusCode).toBe(404);
    expect((await showProperty(s.user.id, s.thing.id, s.ids.get('led'))).last_value).toBeUndefined();
    for (const bad of [{ properties: [] }, { properties: [{ property: 'led' }] }, { properties: 'led' }]) {
      const res = await f.call(s.user.id, 'PUT', `/iot/v2/things/${s.thing.id}/publish`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it("is not another space's door: another user's call answers 404 and stores nothing", async () => {
    const s = await setup();
    const stranger = await t.createUser();
    const res = await f.call(stranger.id, 'PUT', `/iot/v2/things/${s.thing.id}/publish`, {
      properties: [{ property: 'led', value: true }],
    });
    expect(res.statusCode).toBe(404);
    expect((await showProperty(s.user.id, s.thing.id, s.ids.get('led'))).last_value).toBeUndefined();
  });
});

describe('PUT /iot/v2/things/{id}/properties/{pid}/publish_batch', () => {
  it('stores values at their own times, out of order, once; the last value is the newest', async () => {
    const s = await setup();
    const pid = s.ids.get('temperature');
    const url = `/iot/v2/things/${s.thing.id}/properties/${pid}/publish_batch`;
    const hourAgo = Date.now() - 3_600_000;
    const batch = [
      { timestamp: new Date(hourAgo + 120_000).toISOString(), value: 22 },
      { timestamp: new Date(hourAgo).toISOString(), value: 20 },
      { timestamp: new Date(hourAgo + 60_000).toISOString(), value: 21 },
    ];
    expect((await f.call(s.user.id, 'PUT', url, batch)).statusCode).toBe(200);
    // A replay of the same batch (a board that did not hear the answer) stores nothing twice.
    expect((await f.call(s.user.id, 'PUT', url, batch)).statusCode).toBe(200);
    expect((await storedPoints(t.db, pid)).map((p) => p.value)).toEqual([20, 21, 22]);
    const shown = await showProperty(s.user.id, s.thing.id, pid);
    expect(shown.last_value).toBe(22);
    expect(shown.value_updated_at).toBe(new Date(hourAgo + 120_000).toISOString());

    // An older batch afterwards leaves the last value alone.
    await f.call(s.user.id, 'PUT', url, [{ timestamp: new Date(hourAgo - 60_000).toISOString(), value: 5 }]);
    expect((await showProperty(s.user.id, s.thing.id, pid)).last_value).toBe(22);
  });

  it('refuses the whole batch for a value dated in the future, a wrong value or a malformed time', async () => {
    const s = await setup();
    const pid = s.ids.get('temperature');
    const url = `/iot/v2/things/${s.thing.id}/properties/${pid}/publish_batch`;
    const now = new Date().toISOString();
    const future = await f.call(s.user.id, 'PUT', url, [
      { timestamp: now, value: 1 },
      { timestamp: new Date(Date.now() + 3_600_000).toISOString(), value: 2 },
    ]);
    expect(future.statusCode).toBe(400);
    expect(future.json().detail).toMatch(/^Value 2 is dated in the future/);
    const wrong = await f.call(s.user.id, 'PUT', url, [
      { timestamp: now, value: 1 },
      { timestamp: now, value: 'hot' },
    ]);
    expect(wrong.statusCode).toBe(400);
    for (const bad of [
      [],
      [{ timestamp: 'yesterday', value: 1 }],
      [{ timestamp: now }],
      { timestamp: now, value: 1 },
    ]) {
      expect((await f.call(s.user.id, 'PUT', url, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await storedPoints(t.db, pid)).toEqual([]);
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({
      timestamp: new Date(i * 1000).toISOString(),
      value: i,
    }));
    expect((await f.call(s.user.id, 'PUT', url, tooMany)).statusCode).toBe(400);
  });
});

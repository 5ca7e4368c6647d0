import { decodeSenml, encodeSenml, type SenmlRecord, valueToRecords } from '@tinkercloud/device-protocol';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { LiveEvent } from '../live/live-event.ts';
import type { StoredValue } from './ingest.ts';
import {
  closed,
  holdTelemetryWrites,
  mqttFixtures,
  nextMessage,
  storedPoints,
} from './testing/mqtt-fixtures.ts';

const events: LiveEvent[] = [];
let t: TestApp;
let f: ReturnType<typeof mqttFixtures>;
beforeAll(async () => {
  t = await createTestApp(
    {},
    { broker: true, events: { publish: (e) => events.push(e), subscribe: () => () => undefined } },
  );
  f = mqttFixtures(t);
});
afterEach(() => f?.closeAll());
afterAll(() => t?.close());

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
const senml = (...records: SenmlRecord[][]) => Buffer.from(encodeSenml(records.flat()));

/** A device bound to a thing with the given properties, connected; `ids` maps names to property ids. */
async function setup(properties: { name: string; type: string }[]) {
  const user = await t.createUser();
  const device = await f.deviceWithKey(user.id);
  const thing = await f.thingWith(user.id, properties, { deviceId: device.id });
  const ids = new Map((thing.properties ?? []).map((p) => [p.name, p.id]));
  const client = await f.connectDevice(device);
  return { user, device, thing, ids, client, out: `/a/t/${thing.id}/e/o`, in: `/a/t/${thing.id}/e/i` };
}

const stored = (propertyId: string | undefined) => storedPoints(t.db, propertyId);

async function connectivityOf(userId: string, deviceId: string) {
  return (await f.call(userId, 'GET', `/iot/v2/devices/${deviceId}/connectivity`)).json();
}

describe('ingest of device values', () => {
  it('stores values a device publishes (QoS 1) and serves them through the series API', async () => {
    const s = await setup([
      { name: 'temperature', type: 'FLOAT' },
      { name: 'led', type: 'HOME_SWITCH' },
      { name: 'place', type: 'LOCATION' },
      { name: 'note', type: 'CHARSTRING' },
    ]);
    await s.client.publishAsync(
      s.out,
      senml(
        valueToRecords('temperature', 'FLOAT', 21.5, T0),
        valueToRecords('led', 'HOME_SWITCH', true, T0),
        valueToRecords('place', 'LOCATION', { lat: 45.5, lon: 9.25 }, T0),
        valueToRecords('note', 'CHARSTRING', 'hello', T0),
      ),
      { qos: 1 },
    );
    // Acknowledged means committed: the rows are there now.
    expect(await stored(s.ids.get('temperature'))).toEqual([{ at: new Date(T0), value: 21.5 }]);
    const res = await f.call(s.user.id, 'POST', '/iot/v2/series/batch_query_raw', {
      resp_version: 1,
      requests: [{ q: `thing.${s.thing.id}`, from: new Date(T0 - 1000).toISOString() }],
    });
    expect(res.statusCode).toBe(200);
    const byName = new Map(
      (res.json().responses as { property_name: string; values: unknown[]; times: string[] }[]).map((r) => [
        r.property_name,
        r,
      ]),
    );
    expect(byName.get('temperature')).toMatchObject({ values: [21.5], times: [new Date(T0).toISOString()] });
    expect(byName.get('led')?.values).toEqual([true]);
    expect(byName.get('place')?.values).toEqual([{ lat: 45.5, lon: 9.25 }]);
    expect(byName.get('note')?.values).toEqual(['hello']);
    const prop = (
      await f.call(s.user.id, 'GET', `/iot/v2/things/${s.thing.id}/properties/${s.ids.get('led')}`)
    ).json();
    expect(prop.last_value).toBe(true);
    expect(events).toContainEqual({
      type: 'properties.value',
      space: { organizationId: null, ownerUserId: s.user.id },
      data: {
        thing_id: s.thing.id,
        property_id: s.ids.get('temperature'),
        name: 'temperature',
        value: 21.5,
        updated_at: new Date(T0).toISOString(),
        origin: 'device',
      },
    });
    // The status is written on its own, beside the values: it may come after them.
    await expect
      .poll(() => events)
      .toContainEqual(
        expect.objectContaining({
          type: 'devices.status',
          data: expect.objectContaining({ device_id: s.device.id }),
        }),
      );
  });

  it('dates undated values on arrival and keeps two quick ones apart', async () => {
    const s = await setup([{ name: 'count', type: 'INT' }]);
    await s.client.publishAsync(s.out, senml(valueToRecords('count', 'INT', 1)), { qos: 1 });
    await s.client.publishAsync(s.out, senml(valueToRecords('count', 'INT', 2)), { qos: 1 });
    const rows = await stored(s.ids.get('count'));
    expect(rows.map((r) => r.value)).toEqual([1, 2]);
    expect(Math.abs((rows[0]?.at.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('takes values of a property added while the device is connected', async () => {
    const s = await setup([{ name: 'count', type: 'INT' }]);
    await s.client.publishAsync(s.out, senml(valueToRecords('count', 'INT', 1, T0)), { qos: 1 });
    const added = await f.call(s.user.id, 'PUT', `/iot/v2/things/${s.thing.id}/properties`, {
      name: 'humidity',
      variable_name: 'humidity',
      type: 'PERCENTAGE_RELATIVE_HUMIDITY',
      permission: 'READ_ONLY',
      update_strategy: 'ON_CHANGE',
    });
    expect(added.statusCode).toBe(201);
    // Past the moment a name missing from the remembered list makes ingest read the thing again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await s.client.publishAsync(
      s.out,
      senml(valueToRecords('humidity', 'PERCENTAGE_RELATIVE_HUMIDITY', 40.5, T0)),
      { qos: 1 },
    );
    expect(await stored(added.json().id)).toEqual([{ at: new Date(T0), value: 40.5 }]);
    expect((await connectivityOf(s.user.id, s.device.id)).rejected_values).toBe(0);
  });

  it('stores a valueless record (arduino-iot-js 0.13\'s 0, false, "") as its type\'s zero value', async () => {
    const s = await setup([
      { name: 'count', type: 'INT' },
      { name: 'on', type: 'STATUS' },
      { name: 'note', type: 'CHARSTRING' },
    ]);
    const records: SenmlRecord[] = [
      { name: 'count', timeMs: T0 },
      { name: 'on', timeMs: T0 },
      { name: 'note', timeMs: T0 },
    ];
    await s.client.publishAsync(s.out, Buffer.from(encodeSenml(records)), { qos: 1 });
    expect(await stored(s.ids.get('count'))).toEqual([{ at: new Date(T0), value: 0 }]);
    expect(await stored(s.ids.get('on'))).toEqual([{ at: new Date(T0), value: false }]);
    expect(await stored(s.ids.get('note'))).toEqual([{ at: new Date(T0), value: '' }]);
    expect((await connectivityOf(s.user.id, s.device.id)).rejected_values).toBe(0);
  });

  it('stores a repeated message once (duplicates are idempotent)', async () => {
    const s = await setup([{ name: 'count', type: 'INT' }]);
    const payload = senml(valueToRecords('count', 'INT', 7, T0));
    await s.client.publishAsync(s.out, payload, { qos: 1 });
    await s.client.publishAsync(s.out, payload, { qos: 1, dup: true });
    expect(await stored(s.ids.get('count'))).toEqual([{ at: new Date(T0), value: 7 }]);
  });

  it('refuses and counts malformed CBOR, unknown names and wrong types; stores nothing wrong; stays connected', async () => {
    const s = await setup([
      { name: 'temperature', type: 'FLOAT' },
      { name: 'count', type: 'INT' },
    ]);
    const app = await f.connect({
      clientId: s.user.id,
      username: s.user.id,
      password: await t.tokenFor(s.user.id),
    });
    await app.subscribeAsync(s.out, { qos: 1 });
    const forwarded: Buffer[] = [];
    app.on('message', (_topic, payload) => forwarded.push(payload));

    await s.client.publishAsync(s.out, Buffer.from([0x9f, 0xa2, 0x00, 0x61]), { qos: 1 });
    await s.client.publishAsync(s.out, senml([{ name: 'humidity', value: 40, timeMs: T0 }]), { qos: 1 });
    await s.client.publishAsync(
      s.out,
      senml([{ name: 'temperature', value: 'hot', timeMs: T0 }], valueToRecords('count', 'INT', 5, T0)),
      { qos: 1 },
    );
    await s.client.publishAsync(s.out, senml([{ name: 'count', value: 2 ** 40, timeMs: T0 + 1000 }]), {
      qos: 1,
    });
    expect(s.client.connected).toBe(true);

    expect(await stored(s.ids.get('temperature'))).toEqual([]);
    expect(await stored(s.ids.get('count'))).toEqual([{ at: new Date(T0), value: 5 }]);
    const info = await connectivityOf(s.user.id, s.device.id);
    expect(info.rejected_values).toBe(4);
    expect(info.last_rejection).toMatchObject({ topic: s.out, name: 'count' });

    // Applications get only what was stored: the mixed message without its wrong record.
    await expect.poll(() => forwarded.length).toBe(1);
    expect(decodeSenml(forwarded[0] as Buffer)).toEqual([{ name: 'count', value: 5, timeMs: T0 }]);
    await s.client.publishAsync(s.out, senml(valueToRecords('temperature', 'FLOAT', 20, T0)), { qos: 1 });
    expect(await stored(s.ids.get('temperature'))).toEqual([{ at: new Date(T0), value: 20 }]);
  });
  it('refuses and counts a value dated beyond five minutes ahead; stores one a little ahead (a fast clock)', async () => {
    const s = await setup([{ name: 'temperature', type: 'FLOAT' }]);
    // Whole seconds: SenML times are seconds.
    const now = Math.floor(Date.now() / 1000) * 1000;
    await s.client.publishAsync(s.out, senml(valueToRecords('temperature', 'FLOAT', 30, now + 3_600_000)), {
      qos: 1,
    });
    await s.client.publishAsync(s.out, senml(valueToRecords('temperature', 'FLOAT', 21, now + 60_000)), {
      qos: 1,
    });
    expect(s.client.connected).toBe(true);
    expect(await stored(s.ids.get('temperature'))).toEqual([{ at: new Date(now + 60_000), value: 21 }]);
    expect(await connectivityOf(s.user.id, s.device.id)).toMatchObject({
      rejected_values: 1,
      last_rejection: { topic: s.out, name: 'temperature', reason: 'time in the future' },
    });
  });
});

describe('writes from the cloud', () => {
  it('delivers a value published through the API to the device on e/i', async () => {
    const s = await setup([{ name: 'led', type: 'HOME_SWITCH' }]);
    await s.client.subscribeAsync(s.in);
    const message = nextMessage(s.client, s.in);
    const res = await f.call(
      s.user.id,
      'PUT',
      `/iot/v2/things/${s.thing.id}/properties/${s.ids.get('led')}/publish`,
      {
        value: true,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(decodeSenml(await message)).toEqual([{ name: 'led', value: true }]);
  });

  it("stores an application's write on e/i, delivers it to the device, and marks the device's echo", async () => {
    const s = await setup([{ name: 'speed', type: 'INT' }]);
    const seen: StoredValue[] = [];
    const stop = t.connectivity?.ingest.onValues((values) => seen.push(...values));
    try {
      await s.client.subscribeAsync(s.in);
      const app = await f.connect({
        clientId: s.user.id,
        username: s.user.id,
        password: await t.tokenFor(s.user.id),
      });
      const delivered = nextMessage(s.client, s.in);
      await app.publishAsync(s.in, senml(valueToRecords('speed', 'INT', 3, T0)), { qos: 1 });
      expect(decodeSenml(await delivered)).toEqual([{ name: 'speed', value: 3, timeMs: T0 }]);
      expect(await stored(s.ids.get('speed'))).toEqual([{ at: new Date(T0), value: 3 }]);
      // The library applies the write and sends the value back.
      await s.client.publishAsync(s.out, senml(valueToRecords('speed', 'INT', 3, T0 + 1000)), { qos: 1 });
      await s.client.publishAsync(s.out, senml(valueToRecords('speed', 'INT', 4, T0 + 2000)), { qos: 1 });
      expect(seen.map((v) => [v.value, v.origin])).toEqual([
        [3, 'cloud'],
        [3, 'echo'],
        [4, 'device'],
      ]);
      expect((await stored(s.ids.get('speed'))).map((r) => r.value)).toEqual([3, 3, 4]);
      // The live stream says which value is the device's answer, so a dashboard can show the write confirmed.
      expect(
        events.flatMap((e) =>
          e.type === 'properties.value' && e.data.property_id === s.ids.get('speed')
            ? [[e.data.value, e.data.origin]]
            : [],
        ),
      ).toEqual([
        [3, 'cloud'],
        [3, 'echo'],
        [4, 'device'],
      ]);
    } finally {
      stop?.();
    }
  });
});

describe('QoS 1: acknowledged only once committed', () => {
  async function publishWatched(client: MqttClient, topic: string, payload: Buffer) {
    const state = { acked: false };
    const done = client.publishAsync(topic, payload, { qos: 1 }).then(() => {
      state.acked = true;
    });
    return { state, done };
  }

  it('holds the PUBACK while the database cannot take the write', async () => {
    const s = await setup([{ name: 'count', type: 'INT' }]);
    const { release, done: holder } = await holdTelemetryWrites(t.db);
    const p = await publishWatched(s.client, s.out, senml(valueToRecords('count', 'INT', 9, T0)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(p.state.acked).toBe(false);
    release();
    await holder;
    await p.done;
    expect(await stored(s.ids.get('count'))).toEqual([{ at: new Date(T0), value: 9 }]);
  });

  it('never acknowledges a value whose write failed; the device sends it again and it is stored once', async () => {
    const user = await t.createUser();
    const device = await f.deviceWithKey(user.id);
    const thing = await f.thingWith(user.id, [{ name: 'count', type: 'INT' }], { deviceId: device.id });
    const pid = thing.properties?.[0]?.id;
    await t.db.execute(sql`create function tc_refuse_values() returns trigger language plpgsql as $$
      begin raise exception 'storage refused'; end $$`);
    await t.db.execute(sql`create trigger tc_refuse before insert on telemetry_points
      for each row execute function tc_refuse_values()`);
    try {
      // A client that reconnects and re-sends what was not acknowledged, as devices do.
      const client = await f.connectDevice(device, { reconnectPeriod: 200 });
      const firstClose = closed(client);
      const p = await publishWatched(
        client,
        `/a/t/${thing.id}/e/o`,
        senml(valueToRecords('count', 'INT', 11, T0)),
      );
      await firstClose;
      expect(p.state.acked).toBe(false);
      expect(await stored(pid)).toEqual([]);
      await t.db.execute(sql`drop trigger tc_refuse on telemetry_points`);
      await p.done;
      expect(await stored(pid)).toEqual([{ at: new Date(T0), value: 11 }]);
    } finally {
      await t.db.execute(sql`drop trigger if exists tc_refuse on telemetry_points`);
      await t.db.execute(sql`drop function if exists tc_refuse_values()`);
    }
  });
});

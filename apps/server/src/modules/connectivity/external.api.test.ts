import { connect as tcpConnect } from 'node:net';
import {
  decodeCommand,
  decodeSenml,
  encodeCommand,
  encodeSenml,
  valueToRecords,
} from '@tinkercloud/device-protocol';
import { endConnection } from '@tinkercloud/device-protocol/simulator';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { injectStream } from '../../../test/sse.ts';
import { iotFixtures } from '../iot/testing/iot-fixtures.ts';
import type { StoredValue } from './ingest.ts';
import { mosquittoFor, useExternalBroker } from './testing/external-broker-fixture.ts';
import {
  closed,
  holdTelemetryWrites,
  nextMessage,
  publishValue,
  storedPoints,
  subscribeCodes,
} from './testing/mqtt-fixtures.ts';

const found = mosquittoFor('external broker tests');

const T0 = Date.UTC(2025, 2, 1, 8, 0, 0);
const REFUSED = 128;

describe.skipIf('missing' in found)('external broker (Mosquitto with dynamic security)', () => {
  const ext = useExternalBroker(found);

  /** A thing bound to the device, with one INT property `count` (`pid`). */
  async function boundThing(userId: string, deviceId: string) {
    const thing = await ext.f.thingWith(userId, [{ name: 'count', type: 'INT' }], { deviceId });
    return { id: thing.id, pid: thing.properties?.[0]?.id as string };
  }

  const stored = (pid: string) => storedPoints(ext.t.db, pid);

  const status = async (userId: string, deviceId: string) =>
    (await ext.f.call(userId, 'GET', `/iot/v2/devices/${deviceId}`)).json().device_status;

  it('gives a device its key in the broker: it connects with it, not with another one', async () => {
    const user = await ext.t.createUser();
    const d = await ext.f.deviceWithKey(user.id);
    const client = await ext.f.connectDevice(d);
    expect(client.connected).toBe(true);
    const refused = await ext.f
      .connectDevice({ id: d.id, secret: 'wrong' })
      .catch((err: { code?: number }) => err.code);
    expect(refused).toBe(5);
    await expect.poll(() => status(user.id, d.id)).toBe('ONLINE');
  });

  it('runs the session through the broker and stores values, acknowledged to the broker after commit', async () => {
    const user = await ext.t.createUser();
    const d = await ext.f.deviceWithKey(user.id);
    const thing = await boundThing(user.id, d.id);
    const client = await ext.f.connectDevice(d);
    await client.subscribeAsync(`/a/d/${d.id}/c/dw`, { qos: 1 });
    const answer = nextMessage(client, `/a/d/${d.id}/c/dw`);
    await client.publishAsync(
      `/a/d/${d.id}/c/up`,
      Buffer.from(encodeCommand({ type: 'DeviceBegin', libVersion: '2.9.0' })),
    );
    await client.publishAsync(
      `/a/d/${d.id}/c/up`,
      Buffer.from(encodeCommand({ type: 'ThingBegin', thingId: '' })),
    );
    expect(decodeCommand(await answer)).toEqual({ type: 'ThingUpdate', thingId: thing.id });
    await publishValue(client, thing.id, { name: 'count', type: 'INT', value: 5, at: T0 });
    await expect.poll(() => stored(thing.pid)).toEqual([{ at: new Date(T0), value: 5 }]);
    expect((await ext.f.call(user.id, 'GET', `/iot/v2/devices/${d.id}`)).json().lib_version).toBe('2.9.0');
  });

  it("keeps a device to its own topics: another thing's values are dropped, another device's commands refused", async () => {
    const user = await ext.t.createUser();
    const d = await ext.f.deviceWithKey(user.id);
    await boundThing(user.id, d.id);
    const other = await ext.f.deviceWithKey(user.id);
    const otherThing = await boundThing(user.id, other.id);
    const client = await ext.f.connectDevice(d);
    expect(await subscribeCodes(client, `/a/d/${other.id}/c/dw`)).toEqual([REFUSED]);
    expect(await subscribeCodes(client, `/a/t/${otherThing.id}/e/i`)).toEqual([REFUSED]);
    expect(await subscribeCodes(client, '#')).toEqual([REFUSED]);
    await publishValue(client, otherThing.id, { name: 'count', type: 'INT', value: 1, at: T0 });
    // A value the broker refused never reaches ingest: a later allowed one from the other device does.
    const owner = await ext.f.connectDevice(other);
    await publishValue(owner, otherThing.id, { name: 'count', type: 'INT', value: 2, at: T0 + 1000 });
    await expect.poll(() => stored(otherThing.pid)).toEqual([{ at: new Date(T0 + 1000), value: 2 }]);
  });

  it('delivers an API write to the device, and pushes the thing id to a legacy device (retained)', async () => {
    const user = await ext.t.createUser();
    const d = await ext.f.deviceWithKey(user.id);
    const thing = await boundThing(user.id, d.id);
    const client = await ext.f.connectDevice(d);
    const legacy = nextMessage(client, `/a/d/${d.id}/e/i`);
    await client.subscribeAsync(`/a/d/${d.id}/e/i`, { qos: 1 });
    expect(decodeSenml(await legacy)).toEqual([{ name: 'thing_id', value: thing.id }]);
    await client.subscribeAsync(`/a/t/${thing.id}/e/i`, { qos: 1 });
    const write = nextMessage(client, `/a/t/${thing.id}/e/i`);
    const res = await ext.f.call(
      user.id,
      'PUT',
      `/iot/v2/things/${thing.id}/properties/${thing.pid}/publish`,
      {
        value: 9,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(decodeSenml(await write)).toEqual([{ name: 'count', value: 9 }]);
  });

  it('moves a rebound device to its new thing in the broker too', async () => {
    const user = await ext.t.createUser();
    const d = await ext.f.deviceWithKey(user.id);
    const first = await boundThing(user.id, d.id);
    const second = await ext.f.thing(user.id, { name: 'Second' });
    const client = await ext.f.connectDevice(d);
    expect(await subscribeCodes(client, `/a/t/${first.id}/e/i`)).toEqual([1]);
    const kicked = closed(client, 10_000);
    await ext.f.call(user.id, 'POST', `/iot/v2/things/${second.id}?force=true`, { device_id: d.id });
    // The broker ends the connection of a client whose roles changed; the device comes back with the new ones.
    await kicked;
    const again = await ext.f.connectDevice(d);
    expect(await subscribeCodes(again, `/a/t/${first.id}/e/i`)).toEqual([REFUSED]);
    expect(await subscribeCodes(again, `/a/t/${second.id}/e/i`)).toEqual([1]);
  });

  it('shuts out a device in the trash and admits it again with its key once restored', async () => {
    const user = await ext.t.createUser();
    const d = await ext.f.deviceWithKey(user.id);
    const thing = await boundThing(user.id, d.id);
    const client = await ext.f.connectDevice(d);
    await expect.poll(() => status(user.id, d.id), { timeout: 30_000 }).toBe('ONLINE');
    const kicked = closed(client, 10_000);
    expect((await ext.f.call(user.id, 'DELETE', `/iot/v2/devices/${d.id}`)).statusCode).toBe(200);
    await kicked;
    const refused = await ext.f.connectDevice(d).catch((err: { code?: number }) => err.code);
    expect(refused).toBe(5);

    const restored = await ext.f.call(user.id, 'POST', `/iot/v2/devices/${d.id}`, { soft_deleted: false });
    expect(restored.statusCode).toBe(200);
    const again = await ext.f.connectDevice(d);
    await expect.poll(() => status(user.id, d.id), { timeout: 30_000 }).toBe('ONLINE');
    expect(await subscribeCodes(again, `/a/d/${d.id}/c/dw`)).toEqual([1]);
    // The trash unbound it: its former thing's topics are no longer its own.
    expect(await subscribeCodes(again, `/a/t/${thing.id}/e/i`)).toEqual([REFUSED]);
  });

  it('marks a device offline on disconnect and on keepalive expiry (from the broker log)', async () => {
    const user = await ext.t.createUser();
    const d = await ext.f.deviceWithKey(user.id);
    const client = await ext.f.connectDevice(d);
    await expect.poll(() => status(user.id, d.id)).toBe('ONLINE');
    // A clean DISCONNECT, bounded should the broker never close the connection.
    await endConnection(client, 5_000);
    await expect.poll(() => status(user.id, d.id)).toBe('OFFLINE');

    const socket = tcpConnect(ext.mosquitto.port, '127.0.0.1');
    const str = (s: string) => Buffer.concat([Buffer.from([0, Buffer.byteLength(s)]), Buffer.from(s)]);
    const body = Buffer.concat([
      str('MQTT'),
      Buffer.from([4, 0xc2, 0, 1]),
      str(d.id),
      str(d.id),
      str(d.secret),
    ]);
    const ended = new Promise((resolve) => socket.once('close', resolve));
    // Read what comes (the CONNACK), or the end of the stream is never seen.
    socket.resume();
    socket.write(Buffer.concat([Buffer.from([0x10, body.length]), body]));
    await expect.poll(() => status(user.id, d.id)).toBe('ONLINE');
    await ended;
    await expect.poll(() => status(user.id, d.id)).toBe('OFFLINE');
    const history = (await ext.f.call(user.id, 'GET', `/iot/v2/devices/${d.id}/status`)).json().events;
    expect(history.map((e: { value: string }) => e.value).reverse()).toEqual([
      'CONNECTED',
      'DISCONNECTED',
      'CONNECTED',
      'DISCONNECTED',
    ]);
  });

  it('follows many devices connecting and leaving at once through the broker log (lines read in groups)', async () => {
    const user = await ext.t.createUser();
    const devices = await Promise.all(Array.from({ length: 10 }, () => ext.f.deviceWithKey(user.id)));
    const clients = await Promise.all(devices.map((d) => ext.f.connectDevice(d)));
    for (const d of devices)
      await expect.poll(() => status(user.id, d.id), { timeout: 10_000 }).toBe('ONLINE');
    await Promise.all(clients.map((c) => endConnection(c, 5_000)));
    for (const d of devices)
      await expect.poll(() => status(user.id, d.id), { timeout: 10_000 }).toBe('OFFLINE');
  });

  it('shares ingest between server processes, each message stored once', async () => {
    const user = await ext.t.createUser();
    const d = await ext.f.deviceWithKey(user.id);
    const thing = await boundThing(user.id, d.id);
    const second = await ext.anotherProcess('tinkercloud-test-second');
    const byFirst: StoredValue[] = [];
    const bySecond: StoredValue[] = [];
    const stopFirst = ext.t.connectivity?.ingest.onValues((v) => byFirst.push(...v));
    const stopSecond = second.ingest.onValues((v) => bySecond.push(...v));
    try {
      const client = await ext.f.connectDevice(d);
      const n = 40;
      for (let i = 0; i < n; i += 1) {
        await publishValue(client, thing.id, { name: 'count', type: 'INT', value: i, at: T0 + i * 1000 });
      }
      await expect.poll(async () => (await stored(thing.pid)).length).toBe(n);
      expect(byFirst.length + bySecond.length).toBe(n);
      expect(byFirst.length).toBeGreaterThan(0);
      expect(bySecond.length).toBeGreaterThan(0);
    } finally {
      stopFirst?.();
      stopSecond();
      await second.close();
    }
  });

  it('comes back after the broker restarts: the server resubscribes, devices resume', async () => {
    const user = await ext.t.createUser();
    const d = await ext.f.deviceWithKey(user.id);
    const thing = await boundThing(user.id, d.id);
    const client = await ext.f.connectDevice(d, { reconnectPeriod: 200 });
    await publishValue(client, thing.id, { name: 'count', type: 'INT', value: 1, at: T0 });
    await expect.poll(async () => (await stored(thing.pid)).length).toBe(1);
    await ext.mosquitto.restart();
    // Generous: both clients reconnect on their own timers, on a machine that may be busy.
    await expect.poll(() => client.connected, { timeout: 30_000 }).toBe(true);
    await expect
      .poll(
        () =>
          ext.t.connectivity?.health().then(
            () => true,
            () => false,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    await expect
      .poll(
        async () => {
          await publishValue(client, thing.id, { name: 'count', type: 'INT', value: 2, at: T0 + 1000 });
          return (await stored(thing.pid)).length;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(2);
  });

  it('streams a device value ingested by one process to the browsers of the other', async () => {
    const b = await createTestApp(
      { MQTT_URL: ext.mosquitto.url, MQTT_CLIENT_ID: 'tinkercloud-test-process-b' },
      { broker: true, database: ext.t.database },
    );
    const stops: (() => void)[] = [];
    try {
      const user = await ext.t.createUser();
      const d = await ext.f.deviceWithKey(user.id);
      const thing = await boundThing(user.id, d.id);
      const ingestedBy = { a: 0, b: 0 };
      stops.push(ext.t.connectivity?.ingest.onValues((v) => (ingestedBy.a += v.length)) ?? (() => undefined));
      stops.push(b.connectivity?.ingest.onValues((v) => (ingestedBy.b += v.length)) ?? (() => undefined));
      const streams = await Promise.all(
        [ext.t, b].map(async (app) =>
          injectStream(app.app, '/live/v1/events', await iotFixtures(app).headersFor(user.id)),
        ),
      );
      for (const s of streams) await s.reader.nextOf('snapshot');
      const client = await ext.f.connectDevice(d);
      const send = (i: number) =>
        publishValue(client, thing.id, { name: 'count', type: 'INT', value: i, at: T0 + i * 1000 });
      /** The values of `properties.value` events a stream shows until it has shown all of `wanted`. */
      const valuesUntil = async (reader: (typeof streams)[number]['reader'], wanted: number[]) => {
        const seen = new Set<number>();
        while (!wanted.every((v) => seen.has(v))) {
          const e = await reader.nextOf('properties.value', 10_000);
          seen.add((e.data as { value: number }).value);
        }
        return [...seen].sort((x, y) => x - y);
      };
      // Both processes' subscriptions are ready once a first value reaches both streams.
      await send(0);
      await Promise.all(streams.map((s) => valuesUntil(s.reader, [0])));
      const n = 20;
      for (let i = 1; i <= n; i += 1) await send(i);
      // The two processes store in parallel, so a stream may show the values out of order.
      const expected = Array.from({ length: n }, (_, i) => i + 1);
      for (const s of streams) expect(await valuesUntil(s.reader, expected)).toEqual(expected);
      // The broker split ingest between the processes, so each stream carried values the other one stored.
      expect(ingestedBy.a).toBeGreaterThan(0);
      expect(ingestedBy.b).toBeGreaterThan(0);
      for (const s of streams) s.close();
    } finally {
      for (const stop of stops) stop();
      await b.close();
    }
  });

  it('gets a message again when the connection drops before its commit was acknowledged', async () => {
    const user = await ext.t.createUser();
    const d = await ext.f.deviceWithKey(user.id);
    const thing = await boundThing(user.id, d.id);
    const seen: StoredValue[] = [];
    const stop = ext.t.connectivity?.ingest.onValues((v) => seen.push(...v));
    const external = ext.t.connectivity?.mode === 'external' ? ext.t.connectivity : null;
    if (!external) throw new Error('expected the external broker');
    const client = await ext.f.connectDevice(d);
    const { release, done: holder } = await holdTelemetryWrites(ext.t.db);
    try {
      const topic = `/a/t/${thing.id}/e/o`;
      const server = external.broker.client;
      const delivered = nextMessage(server, topic);
      await client.publishAsync(topic, Buffer.from(encodeSenml(valueToRecords('count', 'INT', 77, T0))), {
        qos: 1,
      });
      await delivered;
      // The server's connection drops with the write still waiting: no PUBACK went to the broker.
      const redelivered = nextMessage(server, topic, 10_000);
      server.stream.destroy();
      await redelivered;
      release();
      await holder;
      await expect.poll(() => seen.length).toBe(2);
      expect(await stored(thing.pid)).toEqual([{ at: new Date(T0), value: 77 }]);
    } finally {
      release();
      stop?.();
    }
  });
});

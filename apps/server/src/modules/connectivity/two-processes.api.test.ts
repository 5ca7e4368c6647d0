/**
 * Two server processes on one PostgreSQL and one Mosquitto (issue 5 item 8): process A runs in this test, process
 * B is `src/main.ts` in an OS process of its own, signed in to as a browser is (its own identity provider's
 * pages and token). Devices connect to the broker, whose shared subscription splits ingest between A and B; a
 * value A ingests is streamed by B, and a value written through B's REST API reaches the device and A's stream.
 */
import { decodeSenml, encodeSenml, valueToRecords } from '@tinkercloud/device-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession } from '../../../../../e2e/support/api.ts';
import { type ServerProcess, startServerProcess } from '../../../test/server-process.ts';
import { httpStream, injectStream, type SseReader } from '../../../test/sse.ts';
import { mosquittoFor, useExternalBroker } from './testing/external-broker-fixture.ts';
import { closed, nextMessage } from './testing/mqtt-fixtures.ts';

// A second process needs a database two processes can open: PGlite is one process's.
const onServer = Boolean(process.env.DATABASE_URL);
if (!onServer) console.warn('two-process tests skipped: they need DATABASE_URL (a PostgreSQL server)');
const found = mosquittoFor('two-process tests');

const PASSWORD = 'correct horse battery';

/** Reads `properties.value` events of a stream into `seen` (by value) for `ms`. */
async function collect(reader: SseReader, seen: Set<number>, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const msg = await reader.next(Math.max(1, until - Date.now())).catch(() => null);
    if (msg?.event === 'properties.value') seen.add((msg.data as { value: number }).value);
  }
}

describe.skipIf(!onServer || 'missing' in found)('two server processes (PostgreSQL, Mosquitto)', () => {
  // Process A: this test's app.
  const ext = useExternalBroker(found, { env: { MQTT_CLIENT_ID: 'tinkercloud-test-process-a' } });
  let b: ServerProcess;

  beforeAll(async () => {
    b = await startServerProcess({
      DATABASE_URL: ext.t.databaseUrl as string,
      MQTT_URL: ext.mosquitto.url,
      MQTT_CLIENT_ID: 'tinkercloud-test-process-b',
    });
  }, 120_000);
  // After hooks run in reverse order: B stops before A and the broker close.
  afterAll(() => b?.stop());

  /** A user with a device (secret key) bound to a thing with one writable number, and a session on B. */
  async function setup() {
    const user = await ext.t.createUser({ password: PASSWORD });
    const device = await ext.f.deviceWithKey(user.id);
    const thing = await ext.f.thingWith(user.id, [{ name: 'count', type: 'INT' }], { deviceId: device.id });
    const pid = thing.properties?.[0]?.id as string;
    const onB = await apiSession(b.url, { ...user, password: PASSWORD });
    const client = await ext.f.connectDevice(device);
    return { user, device, thing, pid, onB, client };
  }

  it("streams a value ingested by one process to the other's browser, and only the user's", async () => {
    const s = await setup();
    const send = (value: number) =>
      s.client.publishAsync(
        `/a/t/${s.thing.id}/e/o`,
        Buffer.from(encodeSenml(valueToRecords('count', 'INT', value))),
        { qos: 1 },
      );
    const ingestedByA = new Set<number>();
    const stop = ext.t.connectivity?.ingest.onValues((values) => {
      for (const v of values) if (v.property.id === s.pid) ingestedByA.add(v.value as number);
    });
    const stream = await httpStream(`${b.url}/live/v1/events`, {
      authorization: `Bearer ${s.onB.accessToken}`,
    });
    try {
      expect(stream.statusCode).toBe(200);
      const snapshot = await stream.reader.nextOf('snapshot', 10_000);
      expect((snapshot.data as { properties: { id: string }[] }).properties.map((p) => p.id)).toEqual([
        s.pid,
      ]);
      // B's subscriptions at the broker may still be on their way: send until a value A stored reaches B.
      const seen = new Set<number>();
      let v = 0;
      while (![...ingestedByA].some((x) => seen.has(x))) {
        expect(v).toBeLessThan(100);
        v += 1;
        await send(v);
        await collect(stream.reader, seen, 200);
      }
      // Now every value reaches B's browser, whichever process stored it.
      const values = Array.from({ length: 20 }, (_, i) => 1000 + i);
      for (const value of values) await send(value);
      const until = Date.now() + 20_000;
      while (!values.every((x) => seen.has(x)) && Date.now() < until) await collect(stream.reader, seen, 200);
      expect(values.filter((x) => !seen.has(x))).toEqual([]);
      // The broker gave process A some of them: those reached B through the broker, not B's own ingest.
      expect(values.filter((x) => ingestedByA.has(x)).length).toBeGreaterThan(0);

      // Another user's value, stored by either process, never shows on this stream.
      const other = await setup();
      await other.client.publishAsync(
        `/a/t/${other.thing.id}/e/o`,
        Buffer.from(encodeSenml(valueToRecords('count', 'INT', -7))),
        { qos: 1 },
      );
      await send(2000);
      const after = new Set<number>();
      while (!after.has(2000)) {
        const msg = await stream.reader.nextOf('properties.value', 10_000);
        expect((msg.data as { property_id: string }).property_id).toBe(s.pid);
        after.add((msg.data as { value: number }).value);
      }
    } finally {
      stop?.();
      stream.close();
    }
  }, 120_000);

  it("delivers a value written through the other process's REST API to the device and to A's browser", async () => {
    const s = await setup();
    await s.client.subscribeAsync(`/a/t/${s.thing.id}/e/i`, { qos: 1 });
    const onA = await injectStream(ext.t.app, '/live/v1/events', await ext.f.headersFor(s.user.id));
    try {
      await onA.reader.nextOf('snapshot');
      // A's subscription at the broker is in place (it started first); B publishes through its own client.
      let delivered = nextMessage(s.client, `/a/t/${s.thing.id}/e/i`, 10_000);
      await s.onB.call('PUT', `/iot/v2/things/${s.thing.id}/properties/${s.pid}/publish`, { value: 9 });
      expect(decodeSenml(await delivered)).toEqual([{ name: 'count', value: 9 }]);
      const onStream = await onA.reader.nextOf('properties.value', 10_000);
      expect(onStream.data).toMatchObject({ thing_id: s.thing.id, property_id: s.pid, value: 9 });

      delivered = nextMessage(s.client, `/a/t/${s.thing.id}/e/i`, 10_000);
      await s.onB.call('PUT', `/iot/v2/things/${s.thing.id}/properties/${s.pid}/publish`, { value: 10 });
      expect(decodeSenml(await delivered)).toEqual([{ name: 'count', value: 10 }]);
      // Stored once, by B, and read back through A.
      const property = await ext.f.call(s.user.id, 'GET', `/iot/v2/things/${s.thing.id}/properties/${s.pid}`);
      expect(property.json().last_value).toBe(10);
    } finally {
      onA.close();
    }
  }, 60_000);

  it("refuses a device's old key everywhere once the other process set a new one", async () => {
    const s = await setup();
    const newKey = 'NEWKEY23456789ABCDEFGHJKLMNPQRST';
    const ended = closed(s.client);
    await s.onB.call('PUT', `/iot/v2/devices/${s.device.id}/pass`, { password: newKey });
    await ended;
    // The key check of process A (this one) agrees with B's write at once.
    const url = `/iot/v2/devices/${s.device.id}/pass`;
    expect((await ext.f.call(s.user.id, 'POST', url, { password: s.device.secret })).statusCode).toBe(400);
    expect((await ext.f.call(s.user.id, 'POST', url, { password: newKey })).statusCode).toBe(200);
    const refused = await ext.f.connectDevice(s.device).catch((err: { code?: number }) => err.code);
    expect(refused).toBe(5);
    const fresh = await ext.f.connectDevice({ id: s.device.id, secret: newKey });
    expect(fresh.connected).toBe(true);
  }, 60_000);
});

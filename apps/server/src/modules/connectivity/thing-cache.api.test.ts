import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { iotFixtures, iotTestApp } from '../iot/testing/iot-fixtures.ts';
import type { LiveEvent } from '../live/live-event.ts';
import { createConnectivityRepository } from './connectivity.repository.ts';
import type { StoredValue } from './ingest.ts';
import { mosquittoFor, useExternalBroker } from './testing/external-broker-fixture.ts';
import { mqttFixtures, publishValue, storedPoints } from './testing/mqtt-fixtures.ts';
import { createThingCache, THING_READ_MAX_KEYS } from './thing-cache.ts';

// Ingest keeps a thing and its properties for minutes (a fleet device sends every few seconds to minutes, and a
// read per message would cost more than the write). These tests prove that an edit made through the API is seen
// by the next message all the same: in the process that made it, and in another process on the same database.

const T0 = Date.UTC(2025, 3, 1, 9, 0, 0);
const INT = (name: string, variable = name) => ({
  name,
  variable_name: variable,
  type: 'INT',
  permission: 'READ_ONLY',
  update_strategy: 'ON_CHANGE',
});

describe('thing cache: one process', () => {
  let t: TestApp;
  let f: ReturnType<typeof mqttFixtures>;
  beforeAll(async () => {
    t = await createTestApp({}, { broker: true });
    f = mqttFixtures(t);
  });
  afterEach(() => f?.closeAll());
  afterAll(() => t?.close());

  it('takes a property renamed through the API at once: the old name is refused, the new one stored', async () => {
    const user = await t.createUser();
    const device = await f.deviceWithKey(user.id);
    const thing = await f.thingWith(user.id, [{ name: 'count', type: 'INT' }], { deviceId: device.id });
    const pid = thing.properties?.[0]?.id as string;
    const client = await f.connectDevice(device);
    // The thing is read (and kept) for this first message.
    await publishValue(client, thing.id, { name: 'count', type: 'INT', value: 1, at: T0 });
    expect(await storedPoints(t.db, pid)).toEqual([{ at: new Date(T0), value: 1 }]);

    const renamed = await f.call(user.id, 'POST', `/iot/v2/things/${thing.id}/properties/${pid}`, {
      ...INT('count', 'total'),
    });
    expect(renamed.statusCode).toBe(200);
    await publishValue(client, thing.id, { name: 'count', type: 'INT', value: 2, at: T0 + 1000 });
    await publishValue(client, thing.id, { name: 'total', type: 'INT', value: 3, at: T0 + 2000 });

    expect(await storedPoints(t.db, pid)).toEqual([
      { at: new Date(T0), value: 1 },
      { at: new Date(T0 + 2000), value: 3 },
    ]);
    const info = (await f.call(user.id, 'GET', `/iot/v2/devices/${device.id}/connectivity`)).json();
    expect(info.rejected_values).toBe(1);
    expect(info.last_rejection).toMatchObject({ name: 'count', reason: 'unknown property' });
  });
});

describe('thing cache: reads of the same moment', () => {
  let t: TestApp;
  let f: ReturnType<typeof iotFixtures>;
  beforeAll(async () => {
    ({ t, f } = await iotTestApp());
  });
  afterAll(() => t?.close());

  it('reads the things asked for together in one statement, and their properties in another', async () => {
    const user = await t.createUser();
    const make = async (names: string[]) => {
      const created = await f.call(user.id, 'PUT', '/iot/v2/things', {
        name: `thing ${names.length} ${names.join('')}`,
      });
      const id = created.json().id as string;
      for (const name of names) await f.call(user.id, 'PUT', `/iot/v2/things/${id}/properties`, INT(name));
      return id;
    };
    // Two things: the free plan's limit.
    const things = [await make(['a', 'b']), await make([])];
    const unknown = randomUUID();
    const repo = createConnectivityRepository(t.db);
    const reads = { things: [] as string[][], properties: [] as string[][] };
    const cache = createThingCache({
      ...repo,
      things: (ids) => {
        reads.things.push(ids);
        return repo.things(ids);
      },
      propertiesOfThings: (ids) => {
        reads.properties.push(ids);
        return repo.propertiesOfThings(ids);
      },
    });

    const entries = await Promise.all([...things, unknown].map((id) => cache.get(id)));
    expect(entries.map((e) => e && [e.thing.id, e.properties.map((p) => p.variable).sort()])).toEqual([
      [things[0], ['a', 'b']],
      [things[1], []],
      null,
    ]);
    expect(reads.things).toEqual([[...things, unknown]]);
    expect(reads.properties).toEqual([[...things, unknown]]);
  });

  it('reads at most THING_READ_MAX_KEYS things a statement when a fleet asks at once', async () => {
    const repo = createConnectivityRepository(t.db);
    const sizes: number[] = [];
    const cache = createThingCache({
      ...repo,
      things: (ids) => {
        sizes.push(ids.length);
        return repo.things(ids);
      },
    });
    const asked = Array.from({ length: THING_READ_MAX_KEYS * 2 + 100 }, () => randomUUID());
    expect((await Promise.all(asked.map((id) => cache.get(id)))).every((e) => e === null)).toBe(true);
    expect(sizes).toEqual([THING_READ_MAX_KEYS, THING_READ_MAX_KEYS, 100]);
  });
});

const found = mosquittoFor('thing cache tests across processes');

describe.skipIf('missing' in found)('thing cache: two processes on one database and broker', () => {
  const ext = useExternalBroker(found);

  it("forgets a thing whose property another process's API deleted, before the device's next message", async () => {
    const b = await createTestApp(
      { MQTT_URL: ext.mosquitto.url, MQTT_CLIENT_ID: 'tinkercloud-test-cache-b' },
      { broker: true, database: ext.t.database },
    );
    const seen = { a: [] as StoredValue[], b: [] as StoredValue[] };
    const stops = [
      ext.t.connectivity?.ingest.onValues((v) => seen.a.push(...v)),
      b.connectivity?.ingest.onValues((v) => seen.b.push(...v)),
    ];
    try {
      const user = await ext.t.createUser();
      const device = await ext.f.deviceWithKey(user.id);
      const thing = await ext.f.thingWith(user.id, [{ name: 'count', type: 'INT' }], {
        deviceId: device.id,
      });
      const pid = thing.properties?.[0]?.id as string;
      const client = await ext.f.connectDevice(device);
      // The broker shares the device's messages between the processes: both read the thing and keep it.
      const n = 20;
      for (let i = 0; i < n; i += 1) {
        await publishValue(client, thing.id, { name: 'count', type: 'INT', value: i, at: T0 + i * 1000 });
      }
      await expect.poll(async () => (await storedPoints(ext.t.db, pid)).length).toBe(n);
      expect(seen.a.length).toBeGreaterThan(0);
      expect(seen.b.length).toBeGreaterThan(0);

      // Deleted through B's REST API; A learns of it from B's live event over the broker.
      const announced = new Promise<void>((resolve) => {
        const stop = ext.t.events?.subscribe(
          { organizationId: null, ownerUserId: user.id },
          (e: LiveEvent) => {
            if (e.type !== 'things.updated' || e.data.thing_id !== thing.id) return;
            stop?.();
            resolve();
          },
        );
      });
      const deleted = await iotFixtures(b).call(
        user.id,
        'DELETE',
        `/iot/v2/things/${thing.id}/properties/${pid}`,
      );
      expect(deleted.statusCode).toBe(200);
      await announced;
      seen.a.length = 0;
      seen.b.length = 0;

      for (let i = 0; i < n; i += 1) {
        await publishValue(client, thing.id, {
          name: 'count',
          type: 'INT',
          value: 100 + i,
          at: T0 + (n + i) * 1000,
        });
      }
      // Every one of them refused, in both processes: none is taken as a value.
      await expect
        .poll(
          async () =>
            (await ext.f.call(user.id, 'GET', `/iot/v2/devices/${device.id}/connectivity`)).json()
              .rejected_values,
          { timeout: 10_000 },
        )
        .toBe(n);
      expect(seen.a).toEqual([]);
      expect(seen.b).toEqual([]);
    } finally {
      for (const stop of stops) stop?.();
      await b.close();
    }
  });
});

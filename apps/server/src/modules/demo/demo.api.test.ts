import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { iotDeviceSecrets, iotDevices } from '../../db/schema/index.ts';
import { DEMO_ACCOUNT, seedDemoData } from '../../seed/demo-data.ts';
import type { StoredValue } from '../connectivity/ingest.ts';
import { storedPoints } from '../connectivity/testing/mqtt-fixtures.ts';
import { iotFixtures, iotTestApp } from '../iot/testing/iot-fixtures.ts';
import { loadDemoKeys } from './demo-keys.ts';

/** The demo boards publish this often here. */
const INTERVAL_MS = 150;
// Boards connect, sync and publish on their own timers: the polls below wait generously for a busy machine.

type Property = { id: string; name: string; type: string; permission: string; last_value?: unknown };
type Thing = {
  id: string;
  name: string;
  device_id?: string;
  tags?: Record<string, string>;
  properties: Property[];
};

const { t, f } = await iotTestApp({ DEMO: 'true' }, { broker: true, demoIntervalMs: INTERVAL_MS });
afterAll(() => t.close());

/** The demo of a new account, as its owner reads it through the API. */
async function demoOf(userId: string, fx = f) {
  const devices = (await fx.call(userId, 'GET', '/iot/v2/devices')).json() as {
    id: string;
    name: string;
    type: string;
    tags?: Record<string, string>;
  }[];
  const things = (await fx.call(userId, 'GET', '/iot/v2/things?show_properties=true')).json() as Thing[];
  const dashboards = (await fx.call(userId, 'GET', '/iot/v2/dashboards')).json() as {
    id: string;
    name: string;
    widgets: { type: string; variables: { id: string }[] }[];
  }[];
  const device = devices[0];
  const thing = things[0];
  if (!device || !thing) throw new Error('no demo device or thing');
  const prop = (name: string) => thing.properties.find((p) => p.name === name) as Property;
  return { devices, things, dashboards, device, thing, prop };
}

const deviceRow = async (id: string) =>
  (await t.db.select().from(iotDevices).where(eq(iotDevices.id, id)).limit(1))[0];

async function lastValues(userId: string, thingId: string) {
  const props = (await f.call(userId, 'GET', `/iot/v2/things/${thingId}/properties`)).json() as Property[];
  return Object.fromEntries(props.map((p) => [p.name, p.last_value]));
}

describe('demo device of a new account', () => {
  it('puts a device, a thing bound to it and a dashboard in My Cloud; only the key hash is stored', async () => {
    const user = await t.createUser();
    const d = await demoOf(user.id);
    expect(d.devices).toHaveLength(1);
    expect(d.device).toMatchObject({ name: 'Demo_device', type: 'login_and_secretkey_wifi' });
    expect(d.device.tags).toEqual({ demo: 'true' });
    expect(d.things).toHaveLength(1);
    expect(d.thing).toMatchObject({ name: 'Demo thing', device_id: d.device.id, tags: { demo: 'true' } });
    expect(Object.fromEntries(d.thing.properties.map((p) => [p.name, [p.type, p.permission]]))).toEqual({
      temperature: ['FLOAT', 'READ_ONLY'],
      humidity: ['FLOAT', 'READ_ONLY'],
      counter: ['INT', 'READ_ONLY'],
      message: ['CHARSTRING', 'READ_ONLY'],
      led: ['STATUS', 'READ_WRITE'],
    });
    expect(d.dashboards).toHaveLength(1);
    const dashboard = d.dashboards[0];
    expect(dashboard?.name).toBe('Demo dashboard');
    expect(new Set(dashboard?.widgets.map((w) => w.type))).toEqual(
      new Set(['value', 'chart', 'switch', 'messenger']),
    );
    const linked = new Set(dashboard?.widgets.flatMap((w) => w.variables.map((v) => v.id)));
    expect(linked).toEqual(new Set(d.thing.properties.map((p) => p.id)));

    // Its code: a sketch attached to the thing, with the variables in the generated, read-only header.
    const sketchId = (d.thing as Thing & { sketch_id?: string }).sketch_id;
    expect(sketchId).toBeTruthy();
    const sketch = (await f.call(user.id, 'GET', `/create/v2/sketches/byID/${sketchId}`)).json() as {
      name: string;
      files: { name: string; path: string; read_only?: boolean }[];
    };
    const header = sketch.files.find((x) => x.name === 'thingProperties.h');
    expect(header?.read_only).toBe(true);
    const read = await f.call(user.id, 'GET', `/create/v2/files/f/${header?.path}`);
    const text = Buffer.from((read.json() as { data: string }).data, 'base64').toString();
    expect(text).toContain('ArduinoCloud.addProperty(led, READWRITE, ON_CHANGE, onLedChange);');
    expect(text).toContain('ArduinoCloud.addProperty(temperature, READ, ON_CHANGE, NULL);');

    // The key is derived from the server secret and the device id; the database holds its scrypt hash only.
    const key = (await loadDemoKeys(t.db))(d.device.id);
    const [secret] = await t.db
      .select()
      .from(iotDeviceSecrets)
      .where(eq(iotDeviceSecrets.deviceId, d.device.id));
    expect(secret?.secretHash).toMatch(/^scrypt\$/);
    expect(secret?.secretHash).not.toContain(key);
    expect(
      (await f.call(user.id, 'POST', `/iot/v2/devices/${d.device.id}/pass`, { password: key })).statusCode,
    ).toBe(200);
  });

  it('goes ONLINE and its values arrive: temperature, humidity, a rising counter and a message', async () => {
    const user = await t.createUser();
    const d = await demoOf(user.id);
    await expect.poll(async () => (await deviceRow(d.device.id))?.status, { timeout: 30_000 }).toBe('ONLINE');
    await expect
      .poll(async () => (await storedPoints(t.db, d.prop('counter').id)).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(3);
    const counters = (await storedPoints(t.db, d.prop('counter').id)).map((p) => p.value as number);
    expect(counters).toEqual([...counters].sort((a, b) => a - b));
    const values = await lastValues(user.id, d.thing.id);
    expect(values.temperature).toBeGreaterThanOrEqual(18);
    expect(values.temperature).toBeLessThanOrEqual(24);
    expect(values.humidity).toBeGreaterThanOrEqual(35);
    expect(values.humidity).toBeLessThanOrEqual(55);
    expect(values.message).toEqual(expect.any(String));
    expect(values.led).toBe(false);
  });

  it('applies a write of the LED and sends it back as the library does', async () => {
    const user = await t.createUser();
    const d = await demoOf(user.id);
    await expect
      .poll(async () => (await lastValues(user.id, d.thing.id)).led, { timeout: 30_000 })
      .toBe(false);
    const seen: StoredValue[] = [];
    const stop = t.connectivity?.ingest.onValues((values) => seen.push(...values));
    try {
      const res = await f.call(
        user.id,
        'PUT',
        `/iot/v2/things/${d.thing.id}/properties/${d.prop('led').id}/publish`,
        {
          value: true,
        },
      );
      expect(res.statusCode).toBe(200);
      const led = () =>
        seen.filter((v) => v.property.id === d.prop('led').id).map((v) => [v.value, v.origin]);
      await expect.poll(led, { timeout: 30_000 }).toContainEqual([true, 'echo']);
      // The device's first report (false) is readable through the API as soon as it is committed, and may be
      // told to value listeners a moment later, after this one subscribed: it is the only other value allowed.
      expect(led().filter(([value, origin]) => !(value === false && origin === 'device'))).toEqual([
        [true, 'echo'],
      ]);
    } finally {
      stop?.();
    }
    expect((await lastValues(user.id, d.thing.id)).led).toBe(true);
  });

  it('stops its board when the device goes to the trash (OFFLINE, no more values); restored, it runs again', async () => {
    const user = await t.createUser();
    const d = await demoOf(user.id);
    await expect.poll(async () => (await deviceRow(d.device.id))?.status, { timeout: 30_000 }).toBe('ONLINE');
    expect(t.demo.simulating(d.device.id)).toBe(true);
    expect((await f.call(user.id, 'DELETE', `/iot/v2/devices/${d.device.id}`)).statusCode).toBe(200);
    expect(t.demo.simulating(d.device.id)).toBe(false);
    await expect
      .poll(async () => (await deviceRow(d.device.id))?.status, { timeout: 30_000 })
      .toBe('OFFLINE');
    const before = (await storedPoints(t.db, d.prop('counter').id)).length;
    // Several of its intervals later, still nothing new.
    await new Promise((r) => setTimeout(r, INTERVAL_MS * 8));
    expect((await storedPoints(t.db, d.prop('counter').id)).length).toBe(before);

    const restored = await f.call(user.id, 'POST', '/groups/v1/trash/restore', {
      items: [{ kind: 'DEVICE', id: d.device.id }],
    });
    expect(restored.statusCode).toBe(204);
    expect(t.demo.simulating(d.device.id)).toBe(true);
    await expect.poll(async () => (await deviceRow(d.device.id))?.status, { timeout: 30_000 }).toBe('ONLINE');
    // The trash unbound it from its thing; bound again, the board's values are stored again.
    const bound = await f.call(user.id, 'POST', `/iot/v2/things/${d.thing.id}`, { device_id: d.device.id });
    expect(bound.statusCode).toBe(200);
    await expect
      .poll(async () => (await storedPoints(t.db, d.prop('counter').id)).length, { timeout: 30_000 })
      .toBeGreaterThan(before);
  });

  it('gives no board to a restored demo device whose key the user changed', async () => {
    const user = await t.createUser();
    const d = await demoOf(user.id);
    await expect.poll(async () => (await deviceRow(d.device.id))?.status, { timeout: 30_000 }).toBe('ONLINE');
    const pass = { password: 'a-key-of-my-own' };
    expect((await f.call(user.id, 'PUT', `/iot/v2/devices/${d.device.id}/pass`, pass)).statusCode).toBe(200);
    expect((await f.call(user.id, 'DELETE', `/iot/v2/devices/${d.device.id}`)).statusCode).toBe(200);
    const restored = await f.call(user.id, 'POST', `/iot/v2/devices/${d.device.id}`, { soft_deleted: false });
    expect(restored.statusCode).toBe(200);
    expect((await deviceRow(d.device.id))?.deletedAt).toBeNull();
    expect(t.demo.simulating(d.device.id)).toBe(false);
  });

  it('stops its board when the device is deleted for good or given another key', async () => {
    const a = await demoOf((await t.createUser()).id);
    const b = await demoOf((await t.createUser()).id);
    const [userA, userB] = [a.device, b.device].map((dev) => dev.id);
    for (const id of [userA, userB]) {
      await expect
        .poll(async () => (await deviceRow(id as string))?.status, { timeout: 30_000 })
        .toBe('ONLINE');
    }
    const ownerOf = async (id: string) => (await deviceRow(id))?.ownerUserId as string;
    const forced = await f.call(
      await ownerOf(a.device.id),
      'DELETE',
      `/iot/v2/devices/${a.device.id}?force=true`,
    );
    expect(forced.statusCode).toBe(200);
    expect(t.demo.simulating(a.device.id)).toBe(false);
    const rekeyed = await f.call(await ownerOf(b.device.id), 'PUT', `/iot/v2/devices/${b.device.id}/pass`, {
      password: 'another-key-of-my-own',
    });
    expect(rekeyed.statusCode).toBe(200);
    expect(t.demo.simulating(b.device.id)).toBe(false);
    await expect
      .poll(async () => (await deviceRow(b.device.id))?.status, { timeout: 30_000 })
      .toBe('OFFLINE');
  });

  it('gives the seeded demo account its demo device too', async () => {
    expect(await seedDemoData({ config: t.config, db: t.db, accounts: t.accounts })).toEqual(DEMO_ACCOUNT);
    const account = await t.accounts.authenticate(DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    const d = await demoOf(account.id);
    expect(d.device.name).toBe('Demo_device');
    await expect.poll(async () => (await deviceRow(d.device.id))?.status, { timeout: 30_000 }).toBe('ONLINE');
  });
});

describe('demo boards across a restart', () => {
  it('start again for the demo devices still there, not for deleted ones', async () => {
    // Accounts made while no broker runs: their demos exist, silent.
    const first = await createTestApp({ DEMO: 'true' });
    const ff = iotFixtures(first);
    let second: TestApp | undefined;
    try {
      const keptUser = await first.createUser();
      const goneUser = await first.createUser();
      const rekeyedUser = await first.createUser();
      const kept = await demoOf(keptUser.id, ff);
      const gone = await demoOf(goneUser.id, ff);
      const rekeyed = await demoOf(rekeyedUser.id, ff);
      const pass = { password: 'a-key-of-my-own' };
      const res = await ff.call(rekeyedUser.id, 'PUT', `/iot/v2/devices/${rekeyed.device.id}/pass`, pass);
      expect(res.statusCode).toBe(200);
      expect((await ff.call(goneUser.id, 'DELETE', `/iot/v2/devices/${gone.device.id}`)).statusCode).toBe(
        200,
      );
      expect(first.demo.simulating(kept.device.id)).toBe(false);

      // The next start, on the same database, with its broker.
      second = await createTestApp(
        { DEMO: 'true' },
        { broker: true, database: first.database, demoIntervalMs: INTERVAL_MS },
      );
      expect(second.demo.simulating(kept.device.id)).toBe(true);
      expect(second.demo.simulating(gone.device.id)).toBe(false);
      const db = second.db;
      await expect
        .poll(
          async () =>
            (await db.select().from(iotDevices).where(eq(iotDevices.id, kept.device.id)))[0]?.status,
          { timeout: 30_000 },
        )
        .toBe('ONLINE');
      // A demo device whose key the user changed is refused by the broker: its board gives up.
      const restarted = second;
      await expect.poll(() => restarted.demo.simulating(rekeyed.device.id), { timeout: 30_000 }).toBe(false);
    } finally {
      await second?.close();
      await first.close();
    }
  });
});

describe('DEMO=false', () => {
  it('creates nothing for a new account', async () => {
    const off = await createTestApp({ DEMO: 'false' }, { broker: true });
    try {
      const user = await off.createUser();
      const fo = iotFixtures(off);
      expect((await fo.call(user.id, 'GET', '/iot/v2/devices')).json()).toEqual([]);
      expect((await fo.call(user.id, 'GET', '/iot/v2/things')).json()).toEqual([]);
      expect((await fo.call(user.id, 'GET', '/iot/v2/dashboards')).json()).toEqual([]);
    } finally {
      await off.close();
    }
  });
});

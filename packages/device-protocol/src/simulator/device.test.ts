import { createHash } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeCommand } from '../commands/codec.ts';
import { OTA_STATES } from '../commands/types.ts';
import { FakeCloud, type FakeThing, type Received, type ValuesEvent } from '../testing/fake-cloud.ts';
import { OTA_ERROR_SHA_MISMATCH, type SimulatedDevice, startSimulatedDevice } from './device.ts';

const THING = 'e4494d55-872a-4fd2-9646-92f87949394c';
const FAST = {
  thingRetryMinMs: 40,
  thingRetryMaxMs: 400,
  lastValuesRetryMs: 300,
  minPublishIntervalMs: 50,
  reconnectMinMs: 50,
};

let cloud: FakeCloud;
const devices: SimulatedDevice[] = [];
let counter = 0;

beforeAll(async () => {
  cloud = await FakeCloud.start();
});
afterAll(async () => {
  await cloud.close();
});
afterEach(async () => {
  await Promise.all(devices.splice(0).map((d) => d.stop()));
  cloud.silent = false;
  cloud.stallSubscriptions = false;
});

/**
 * Resolves with the first event (args) matching `accept`, or rejects after `ms` (a bound for an event that never
 * comes, not a speed test: a busy machine is slow).
 */
function waitFor<T>(
  emitter: EventEmitter,
  event: string,
  accept: (v: T) => boolean = () => true,
  ms = 15_000,
) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      emitter.off(event, on);
      reject(new Error(`no matching ${event} within ${ms} ms`));
    }, ms);
    const on = (v: T) => {
      if (!accept(v)) return;
      clearTimeout(timer);
      emitter.off(event, on);
      resolve(v);
    };
    emitter.on(event, on);
  });
}

function newDevice(
  opts: {
    thing?: FakeThing;
    properties?: string;
    secret?: string;
    qos?: 0 | 1;
    ota?: { download: (url: string) => Promise<Uint8Array> };
    bufferOffline?: boolean;
  } = {},
) {
  const deviceId = `0c6a4b2e-0000-4000-8000-${String(++counter).padStart(12, '0')}`;
  cloud.secrets.set(deviceId, 'the-secret');
  if (opts.thing) cloud.bindings.set(deviceId, opts.thing);
  const device = startSimulatedDevice({
    url: cloud.url,
    deviceId,
    secretKey: opts.secret ?? 'the-secret',
    ...(opts.properties ? { properties: opts.properties } : {}),
    intervalMs: 100,
    ...(opts.qos ? { qos: opts.qos } : {}),
    ...(opts.ota ? { ota: opts.ota } : {}),
    ...(opts.bufferOffline ? { bufferOffline: true } : {}),
    timing: FAST,
  });
  devices.push(device);
  return device;
}

const commandsOf = (deviceId: string) =>
  cloud.commands.filter((c) => c.deviceId === deviceId).map((c) => c.command);

function thing(
  id: string,
  types: Record<string, string>,
  lastValues: Record<string, unknown> = {},
): FakeThing {
  return { id, types: new Map(Object.entries(types)), lastValues: new Map(Object.entries(lastValues)) };
}

describe('simulated device', { timeout: 60_000 }, () => {
  it('runs the library session: begin, thing, last values, values of every kind, writes echoed', async () => {
    const t = thing(
      THING,
      {
        temperature: 'TEMPERATURE',
        count: 'COUNT',
        on: 'HOME_SWITCH',
        msg: 'CHARSTRING',
        pos: 'LOCATION',
        light: 'HOME_COLORED_LIGHT',
        humidity: 'PERCENTAGE_RELATIVE_HUMIDITY',
        label: 'CHARSTRING',
      },
      { on: true, humidity: 40.5, label: 'kitchen', light: { swi: true, hue: 10, sat: 20, bri: 30 } },
    );
    const device = newDevice({
      thing: t,
      properties:
        'temperature:temperature,count:counter,on:switch,msg:string,pos:location,light:HOME_COLORED_LIGHT',
    });
    const synced = waitFor(device, 'synced');
    const first = waitFor<ValuesEvent>(cloud, 'values', (e) => e.thingId === THING);
    await synced;

    // The library's order on c/up, byte for byte.
    const sent = commandsOf(device.deviceId);
    expect(sent.slice(0, 4).map((c) => c.type)).toEqual([
      'DeviceBegin',
      'DeviceNetConfig',
      'ThingBegin',
      'LastValuesBegin',
    ]);
    expect(sent[0]).toEqual({ type: 'DeviceBegin', libVersion: '2.9.0' });
    expect(sent[2]).toEqual({ type: 'ThingBegin', thingId: '' });
    const mine = cloud.subscriptions.filter((s) => s.clientId === device.deviceId).map((s) => s.topic);
    expect(mine).toEqual([`/a/d/${device.deviceId}/c/dw`, `/a/t/${THING}/e/i`]);
    expect(device.thingId).toBe(THING);
    expect(device.timezone.offset).toBe(3600);

    // Last values applied (cloud wins) and unknown variables learned with a guessed type.
    const props = Object.fromEntries(device.properties().map((p) => [p.name, p]));
    expect(props.on?.value).toBe(true);
    expect(props.light?.value).toEqual({ swi: true, hue: 10, sat: 20, bri: 30 });
    expect(props.humidity).toMatchObject({ type: 'FLOAT', value: 40.5 });
    expect(props.label).toMatchObject({ type: 'CHARSTRING', value: 'kitchen' });

    // First pack: every property once, as an indefinite array on QoS 0, all valid for the thing's types.
    const firstPack = await first;
    expect(firstPack.bytes[0]).toBe(0x9f);
    expect(firstPack.qos).toBe(0);
    expect(firstPack.errors).toEqual([]);
    expect(firstPack.values.map((v) => v.name).sort()).toEqual([...t.types.keys()].sort());

    // Then generated sensors change on the timer; outputs (switch, light) stay as the cloud set them.
    const later: ValuesEvent[] = [];
    const collect = (e: ValuesEvent) => later.push(e);
    cloud.on('values', collect);
    await waitFor<ValuesEvent>(cloud, 'values', (e) =>
      e.values.some((v) => v.name === 'count' && (v.value as number) >= 3),
    );
    await waitFor<ValuesEvent>(cloud, 'values', (e) => e.values.some((v) => v.name === 'temperature'));
    cloud.off('values', collect);
    const laterValues = later.flatMap((e) => e.values);
    expect(later.flatMap((e) => e.errors)).toEqual([]);
    expect(laterValues.map((v) => v.name)).not.toContain('on');
    expect(laterValues.map((v) => v.name)).not.toContain('light');
    for (const v of laterValues.filter((x) => x.name === 'temperature')) {
      expect(v.value).toBeGreaterThan(15);
      expect(v.value).toBeLessThan(27);
    }

    // A write on e/i is applied and echoed on e/o.
    const write = waitFor<{ name: string }>(device, 'write', (w) => w.name === 'light');
    const echo = waitFor<ValuesEvent>(cloud, 'values', (e) => e.values.some((v) => v.name === 'on'));
    cloud.write(t, { on: false, light: { swi: false, hue: 200, sat: 50, bri: 75 } });
    await write;
    const echoed = await echo;
    expect(echoed.values).toEqual(
      expect.arrayContaining([
        { name: 'on', value: false },
        { name: 'light', value: { swi: false, hue: 200, sat: 50, bri: 75 } },
      ]),
    );
    expect(device.properties().find((p) => p.name === 'on')).toMatchObject({
      value: false,
      generated: false,
    });

    // TimezoneDown and ThingDetach.
    const tz = waitFor(device, 'timezone');
    cloud.send(device.deviceId, { type: 'TimezoneDown', offset: -18000, until: 2_000_000_000 });
    await tz;
    expect(device.timezone).toEqual({ offset: -18000, until: 2_000_000_000 });
    const before = commandsOf(device.deviceId).length;
    const detached = waitFor(device, 'thing', (id) => id === null);
    const rebegin = waitFor<Received>(
      cloud,
      'command',
      (c) => c.deviceId === device.deviceId && c.command.type === 'ThingBegin',
    );
    cloud.bindings.delete(device.deviceId);
    cloud.send(device.deviceId, { type: 'ThingDetach', thingId: THING });
    await detached;
    await rebegin;
    expect(
      commandsOf(device.deviceId)
        .slice(before, before + 3)
        .map((c) => c.type),
    ).toEqual(['DeviceBegin', 'DeviceNetConfig', 'ThingBegin']);
  });

  it('retries ThingBegin with the library backoff and waits ten times longer once registered', async () => {
    cloud.silent = true;
    const deviceId = 'backoff-device';
    cloud.secrets.set(deviceId, 's');
    // Retries within 50 ms, then 2 s once registered (40 × the maximum): far apart, whatever the machine's load.
    const device = startSimulatedDevice({
      url: cloud.url,
      deviceId,
      secretKey: 's',
      timing: { ...FAST, thingRetryMinMs: 5, thingRetryMaxMs: 50, thingMaxRetries: 100 },
    });
    devices.push(device);
    const begins: number[] = [];
    cloud.on('command', (c: Received) => {
      if (c.deviceId === deviceId && c.command.type === 'ThingBegin') begins.push(Date.now());
    });
    const nextBegin = () =>
      waitFor<Received>(cloud, 'command', (c) => c.deviceId === deviceId && c.command.type === 'ThingBegin');
    for (let i = 0; i < 4; i++) await nextBegin();
    // 10, 20, 40 ms (doubling from 2 × the minimum, capped at the maximum).
    const early = begins.slice(1).map((t, i) => t - (begins[i] as number));
    expect(Math.max(...early)).toBeLessThan(1000);

    // Registered without a thing: the library keeps asking, but waits 10× (up to 40×) longer.
    cloud.send(deviceId, { type: 'ThingUpdate', thingId: '' });
    await waitFor(device, 'registered');
    // One sent before the device heard it may still be on its way, and the next one was timed the old way.
    await nextBegin();
    await nextBegin();
    const t1 = Date.now();
    await nextBegin();
    expect(Date.now() - t1).toBeGreaterThanOrEqual(1500);
    expect(device.thingId).toBeNull();

    // Bound now: the next ThingBegin gets the thing; its variables are learned from the last values.
    cloud.silent = false;
    cloud.bindings.set(deviceId, thing(THING, { x: 'FLOAT' }, { x: 1.5 }));
    await waitFor(device, 'synced', () => true, 10_000);
    expect(device.properties()).toEqual([{ name: 'x', type: 'FLOAT', value: 1.5, generated: true }]);
  });

  it("takes a declared generator instead of its type's curve, and keeps a null-generator property as an output", async () => {
    const t = thing('7d3a8f0e-56c1-4b8e-9f3e-2b1f6c0d9a41', { level: 'FLOAT', on: 'STATUS' });
    const deviceId = `0c6a4b2e-0000-4000-8000-${String(++counter).padStart(12, '0')}`;
    cloud.secrets.set(deviceId, 'the-secret');
    cloud.bindings.set(deviceId, t);
    const device = startSimulatedDevice({
      url: cloud.url,
      deviceId,
      secretKey: 'the-secret',
      properties: [
        { name: 'level', type: 'FLOAT', generator: (tick) => 1000 + tick },
        { name: 'on', type: 'STATUS', generator: null },
      ],
      intervalMs: 50,
      timing: FAST,
    });
    devices.push(device);
    const later: ValuesEvent[] = [];
    const collect = (e: ValuesEvent) => later.push(e);
    cloud.on('values', collect);
    await waitFor<ValuesEvent>(cloud, 'values', (e) =>
      e.values.some((v) => v.name === 'level' && (v.value as number) >= 1003),
    );
    cloud.off('values', collect);
    const values = later.flatMap((e) => e.values);
    // "on" goes out once (the first pack) and never again: nothing but the cloud changes it.
    expect(values.filter((v) => v.name === 'on')).toEqual([{ name: 'on', value: false }]);
    const levels = values.filter((v) => v.name === 'level').map((v) => v.value);
    // The first pack already carries the curve's value, not the type's zero.
    expect(levels[0]).toBe(1000);
    expect(levels).toContain(1001);
  });

  it('disconnects and starts over when its thing requests stay unanswered', async () => {
    cloud.silent = true;
    const device = startSimulatedDevice({
      url: cloud.url,
      deviceId: 'retry-device',
      secretKey: 's',
      timing: { ...FAST, thingRetryMinMs: 5, thingRetryMaxMs: 10, thingMaxRetries: 2 },
    });
    cloud.secrets.set('retry-device', 's');
    devices.push(device);
    await waitFor(device, 'disconnected');
    await waitFor(device, 'connected');
    expect(cloud.connects.filter((id) => id === 'retry-device').length).toBeGreaterThanOrEqual(2);
    expect(commandsOf('retry-device').filter((c) => c.type === 'ThingBegin').length).toBeGreaterThanOrEqual(
      3,
    );
  });

  it('asks again for last values when they do not come, and publishes QoS 1 on request', async () => {
    const t = thing('8f1c2d3e-0000-4000-8000-000000000001', { n: 'INT' }, { n: 7 });
    cloud.silent = true;
    const device = newDevice({ thing: t, qos: 1 });
    await waitFor<Received>(
      cloud,
      'command',
      (c) => c.deviceId === device.deviceId && c.command.type === 'ThingBegin',
    );
    cloud.send(device.deviceId, { type: 'ThingUpdate', thingId: t.id });
    await waitFor<Received>(
      cloud,
      'command',
      (c) => c.deviceId === device.deviceId && c.command.type === 'LastValuesBegin',
    );
    await waitFor<Received>(
      cloud,
      'command',
      (c) => c.deviceId === device.deviceId && c.command.type === 'LastValuesBegin',
    );
    cloud.silent = false;
    const values = waitFor<ValuesEvent>(cloud, 'values', (e) => e.thingId === t.id);
    const lv = await waitFor<Received>(
      cloud,
      'command',
      (c) => c.deviceId === device.deviceId && c.command.type === 'LastValuesBegin',
    );
    expect(lv.command.type).toBe('LastValuesBegin');
    const first = await values;
    expect(first.qos).toBe(1);
    expect(first.values).toEqual([{ name: 'n', value: 7 }]);
  });

  it('stops even when the broker drops it while a subscription is unanswered', async () => {
    cloud.stallSubscriptions = true;
    const device = newDevice();
    await waitFor(device, 'connected');
    await expect.poll(() => cloud.stalled.includes(device.deviceId), { timeout: 15_000 }).toBe(true);
    // The SUBSCRIBE is in flight; the device stops, and the broker closes its connection meanwhile.
    const stopped = device.stop();
    cloud.disconnect(device.deviceId);
    // The bound only tells a hang from a stop, however slow the machine.
    await expect(
      Promise.race([
        stopped.then(() => 'stopped'),
        new Promise((r) => setTimeout(r, 15_000, 'still waiting')),
      ]),
    ).resolves.toBe('stopped');
    expect(device.connected).toBe(false);
  });

  it('ignores malformed commands and values and keeps going', async () => {
    const t = thing('8f1c2d3e-0000-4000-8000-000000000002', { level: 'PERCENTAGE' }, { level: 50 });
    const device = newDevice({ thing: t, properties: 'level:PERCENTAGE' });
    await waitFor(device, 'synced');
    cloud.publish(`/a/d/${device.deviceId}/c/dw`, Uint8Array.from([0xda, 0x00, 0x01, 0x04]));
    cloud.publish(`/a/t/${t.id}/e/i`, Uint8Array.from([0x9f, 0xa2, 0x00]));
    cloud.publish(`/a/t/${t.id}/e/i`, encodeCommand({ type: 'LastValuesBegin' }));
    const write = waitFor<{ name: string; value: unknown }>(device, 'write');
    cloud.write(t, { level: 12.5 });
    expect(await write).toEqual({ name: 'level', value: 12.5 });
    expect(device.connected).toBe(true);
  });

  it('with bufferOffline keeps measuring while offline and sends those values with their times once back', async () => {
    const id = 'b1f0a7c2-1111-4abc-8def-000000000001';
    const t = thing(id, { temperature: 'TEMPERATURE' });
    const device = newDevice({ thing: t, properties: 'temperature:temperature', bufferOffline: true });
    await waitFor(device, 'synced');
    // The cloud refuses the device for a while (a broken uplink), then lets it in again.
    cloud.secrets.set(device.deviceId, 'changed');
    const down = Date.now();
    cloud.disconnect(device.deviceId);
    await waitFor(device, 'disconnected');
    await new Promise((resolve) => setTimeout(resolve, 600));
    const up = Date.now();
    const replay = waitFor<ValuesEvent>(cloud, 'values', (e) => e.thingId === id && e.values.length > 2);
    const replayed = waitFor<number>(device, 'replayed');
    cloud.secrets.set(device.deviceId, 'the-secret');
    const sent = await replayed;
    const { values, qos } = await replay;
    expect(qos).toBe(1);
    expect(values).toHaveLength(sent);
    // About one value per interval (100 ms) of the outage, each dated inside it (SenML times are whole
    // seconds), oldest first.
    expect(sent).toBeGreaterThanOrEqual(3);
    const times = values.map((v) => v.timeMs ?? 0);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const time of times) {
      expect(time).toBeGreaterThanOrEqual(Math.floor(down / 1000) * 1000);
      expect(time).toBeLessThanOrEqual(Date.now());
    }
    expect(times.some((time) => time <= up)).toBe(true);
  });

  it('without bufferOffline sends nothing from its time offline', async () => {
    const id = 'b1f0a7c2-1111-4abc-8def-000000000002';
    const device = newDevice({
      thing: thing(id, { temperature: 'TEMPERATURE' }),
      properties: 'temperature:temperature',
    });
    await waitFor(device, 'synced');
    cloud.secrets.set(device.deviceId, 'changed');
    cloud.disconnect(device.deviceId);
    await waitFor(device, 'disconnected');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const next = waitFor<ValuesEvent>(cloud, 'values', (e) => e.thingId === id);
    cloud.secrets.set(device.deviceId, 'the-secret');
    const { values } = await next;
    // Only the current value, undated, as the library sends it.
    expect(values).toHaveLength(1);
    expect(values[0]?.timeMs).toBeUndefined();
  });

  it('is refused with a wrong secret key', async () => {
    const device = newDevice({ secret: 'wrong' });
    const err = await waitFor<Error>(device, 'connectionError');
    expect(err.message).toMatch(/Not authorized|Bad username or password/i);
    expect(device.connected).toBe(false);
  });

  it('takes an OTA update: reports its firmware, downloads, checks the hash, flashes, reboots on the new one', async () => {
    const image = new TextEncoder().encode('firmware 2.0');
    const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
    const urls: string[] = [];
    const device = newDevice({
      ota: {
        download: async (url) => {
          urls.push(url);
          return image;
        },
      },
    });
    const before = device.firmwareSha256;
    await waitFor(
      cloud,
      'command',
      (e: { deviceId: string; command: { type: string } }) =>
        e.deviceId === device.deviceId && e.command.type === 'OtaBeginUp',
    );
    expect(commandsOf(device.deviceId)).toContainEqual({ type: 'OtaBeginUp', sha256: before });

    const id = '6f1c1e8e-3f5a-4b4e-9a41-6d6bd8c3c001';
    const rebooted = waitFor(
      cloud,
      'command',
      (e: { deviceId: string; command: { type: string; sha256?: string } }) =>
        e.deviceId === device.deviceId && e.command.type === 'OtaBeginUp' && e.command.sha256 === sha(image),
    );
    cloud.send(device.deviceId, {
      type: 'OtaUpdateDown',
      id,
      url: 'http://127.0.0.1/fw.ota',
      initialSha256: before,
      finalSha256: sha(image),
    });
    await rebooted;
    expect(urls).toEqual(['http://127.0.0.1/fw.ota']);
    const steps = commandsOf(device.deviceId).flatMap((c) => (c.type === 'OtaProgressUp' ? [c] : []));
    expect(steps.map((s) => s.state)).toEqual([
      OTA_STATES.OtaAvailable,
      OTA_STATES.StartOTA,
      OTA_STATES.Fetch,
      OTA_STATES.FlashOTA,
      OTA_STATES.Reboot,
    ]);
    expect(steps.every((s) => s.id === id)).toBe(true);
    expect(steps[2]?.stateData).toBe(image.length);
    expect(device.firmwareSha256).toBe(sha(image));

    // A file whose hash is not the announced one is refused and the firmware stays.
    const failed = waitFor(device, 'otaProgress', (p: { state: number }) => p.state === OTA_STATES.Fail);
    cloud.send(device.deviceId, {
      type: 'OtaUpdateDown',
      id,
      url: 'http://127.0.0.1/fw.ota',
      initialSha256: sha(image),
      finalSha256: 'ab'.repeat(32),
    });
    expect(await failed).toMatchObject({ stateData: OTA_ERROR_SHA_MISMATCH });
    expect(device.firmwareSha256).toBe(sha(image));
  });
});

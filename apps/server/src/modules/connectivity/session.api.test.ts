import {
  type Command,
  decodeCommand,
  decodeSenml,
  encodeCommand,
  encodeSenml,
  LEGACY_GET_LAST_VALUES,
} from '@tinkercloud/device-protocol';
import type { MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { useEmbeddedBroker } from './testing/embedded-broker-fixture.ts';
import { nextMessage } from './testing/mqtt-fixtures.ts';

const broker = useEmbeddedBroker();

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/**
 * A device as the library is after CONNACK: subscribed to its command topic. Once it shows online its session
 * is open (the broker's connect handler opens it first), so the server knows it as connected.
 */
async function board(userId: string, device: { id: string; secret: string }) {
  const client = await broker.f.connectDevice(device);
  await client.subscribeAsync(`/a/d/${device.id}/c/dw`);
  await expect
    .poll(
      async () => (await broker.f.call(userId, 'GET', `/iot/v2/devices/${device.id}`)).json().device_status,
    )
    .toBe('ONLINE');
  return client;
}

function send(client: MqttClient, deviceId: string, cmd: Command) {
  return client.publishAsync(`/a/d/${deviceId}/c/up`, Buffer.from(encodeCommand(cmd)));
}

async function reply(client: MqttClient, deviceId: string, cmd: Command): Promise<Buffer> {
  const answer = nextMessage(client, `/a/d/${deviceId}/c/dw`);
  await send(client, deviceId, cmd);
  return answer;
}

describe('device session (protocol 2.x)', () => {
  it('answers ThingBegin with ThingUpdate carrying the bound thing, in the library bytes', async () => {
    const user = await broker.t.createUser();
    const device = await broker.f.deviceWithKey(user.id);
    const thing = await broker.f.thingWith(user.id, [{ name: 'temperature', type: 'FLOAT' }], {
      deviceId: device.id,
    });
    const client = await board(user.id, device);
    await send(client, device.id, { type: 'DeviceBegin', libVersion: '2.9.0' });
    const bytes = await reply(client, device.id, { type: 'ThingBegin', thingId: '' });
    // DA 00 01 04 00 = tag 0x010400 (ThingUpdate), 81 = array(1), 78 24 = text(36).
    expect(hex(bytes)).toBe(`da00010400817824${Buffer.from(thing.id).toString('hex')}`);
    expect(decodeCommand(bytes)).toEqual({ type: 'ThingUpdate', thingId: thing.id });
    const shown = (await broker.f.call(user.id, 'GET', `/iot/v2/devices/${device.id}`)).json();
    expect(shown.lib_version).toBe('2.9.0');
  });

  it('answers an empty thing id to a device bound to no thing', async () => {
    const user = await broker.t.createUser();
    const device = await broker.f.deviceWithKey(user.id);
    const client = await board(user.id, device);
    const bytes = await reply(client, device.id, { type: 'ThingBegin', thingId: '' });
    expect(decodeCommand(bytes)).toEqual({ type: 'ThingUpdate', thingId: '' });
  });

  it('answers LastValuesBegin with every last value (dated) plus tz_offset and tz_dst_until', async () => {
    const user = await broker.t.createUser();
    const device = await broker.f.deviceWithKey(user.id);
    const thing = await broker.f.thingWith(
      user.id,
      [
        { name: 'temperature', type: 'FLOAT' },
        { name: 'led', type: 'HOME_SWITCH' },
        { name: 'place', type: 'LOCATION' },
        { name: 'never', type: 'INT' },
      ],
      { deviceId: device.id, timezone: 'Asia/Kolkata' },
    );
    const ids = new Map((thing.properties ?? []).map((p) => [p.name, p.id]));
    for (const [name, value] of [
      ['temperature', 21.5],
      ['led', true],
      ['place', { lat: 45.5, lon: 9.25 }],
    ] as const) {
      const res = await broker.f.call(
        user.id,
        'PUT',
        `/iot/v2/things/${thing.id}/properties/${ids.get(name)}/publish`,
        {
          value,
        },
      );
      expect(res.statusCode).toBe(200);
    }
    const client = await board(user.id, device);
    await reply(client, device.id, { type: 'ThingBegin', thingId: '' });
    const bytes = await reply(client, device.id, { type: 'LastValuesBegin' });
    expect(hex(bytes.subarray(0, 5))).toBe('da00010600');
    const cmd = decodeCommand(bytes);
    if (cmd.type !== 'LastValuesUpdate') throw new Error(`got ${cmd.type}`);
    const records = decodeSenml(cmd.senml);
    const byName = new Map(records.map((r) => [r.name, r]));
    expect(byName.get('temperature')?.value).toBe(21.5);
    expect(byName.get('temperature')?.timeMs).toEqual(expect.any(Number));
    expect(byName.get('led')?.value).toBe(true);
    expect(byName.get('place:lat')?.value).toBe(45.5);
    expect(byName.get('place:lon')?.value).toBe(9.25);
    expect(byName.has('never')).toBe(false);
    expect(byName.get('tz_offset')?.value).toBe(19800);
    // India keeps one offset all year: the device is told to ask again in about a year.
    const until = byName.get('tz_dst_until')?.value as number;
    expect(until).toBeGreaterThan(Date.now() / 1000 + 300 * 86400);
  });

  it('answers TimezoneUp with TimezoneDown, and stores the network settings and WiFi firmware', async () => {
    const user = await broker.t.createUser();
    const device = await broker.f.deviceWithKey(user.id);
    await broker.f.thingWith(user.id, [{ name: 'x', type: 'INT' }], { deviceId: device.id, timezone: 'UTC' });
    const client = await board(user.id, device);
    await send(client, device.id, { type: 'DeviceNetConfig', adapter: 1, params: ['home-wifi'] });
    await send(client, device.id, { type: 'WiFiFwVersion', version: '1.5.0' });
    const tz = decodeCommand(await reply(client, device.id, { type: 'TimezoneUp' }));
    expect(tz).toMatchObject({ type: 'TimezoneDown', offset: 0 });
    // The commands are handled in order, so the settings are stored by now; the status is written on its own.
    await expect
      .poll(async () =>
        (await broker.f.call(user.id, 'GET', `/iot/v2/devices/${device.id}/connectivity`)).json(),
      )
      .toMatchObject({
        device_status: 'ONLINE',
        wifi_fw_version: '1.5.0',
        net_config: { adapter: 1, params: ['home-wifi'] },
        rejected_values: 0,
      });
  });

  it('tells a connected device when its thing changes: ThingUpdate to the new one, ThingDetach when unbound', async () => {
    const user = await broker.t.createUser();
    const device = await broker.f.deviceWithKey(user.id);
    const first = await broker.f.thingWith(user.id, [{ name: 'x', type: 'INT' }], { deviceId: device.id });
    const client = await board(user.id, device);
    await reply(client, device.id, { type: 'ThingBegin', thingId: '' });

    const second = await broker.f.thingWith(user.id, [{ name: 'x', type: 'INT' }]);
    let next = nextMessage(client, `/a/d/${device.id}/c/dw`);
    await broker.f.call(user.id, 'POST', `/iot/v2/things/${second.id}?force=true`, { device_id: device.id });
    expect(decodeCommand(await next)).toEqual({ type: 'ThingUpdate', thingId: second.id });

    next = nextMessage(client, `/a/d/${device.id}/c/dw`);
    await broker.f.call(user.id, 'POST', `/iot/v2/things/${second.id}`, { device_id: '' });
    expect(decodeCommand(await next)).toEqual({ type: 'ThingDetach', thingId: second.id });
    expect(first.id).not.toBe(second.id);
  });

  it('counts a malformed command and keeps the connection', async () => {
    const user = await broker.t.createUser();
    const device = await broker.f.deviceWithKey(user.id);
    const client = await board(user.id, device);
    await client.publishAsync(`/a/d/${device.id}/c/up`, Buffer.from([0xda, 0x00, 0x01, 0x07, 0x00, 0x81]));
    await expect
      .poll(async () =>
        (await broker.f.call(user.id, 'GET', `/iot/v2/devices/${device.id}/connectivity`)).json(),
      )
      .toMatchObject({
        rejected_values: 1,
        last_rejection: { reason: expect.stringMatching(/^malformed command/) },
      });
    const bytes = await reply(client, device.id, { type: 'ThingBegin', thingId: '' });
    expect(decodeCommand(bytes).type).toBe('ThingUpdate');
  });
});

describe('legacy device flow (arduino-iot-js device mode)', () => {
  it('pushes the thing id after the device subscribes its e/i, and answers getLastValues on shadow/i', async () => {
    const user = await broker.t.createUser();
    const device = await broker.f.deviceWithKey(user.id);
    const thing = await broker.f.thingWith(user.id, [{ name: 'count', type: 'INT' }], {
      deviceId: device.id,
    });
    const pid = thing.properties?.[0]?.id;
    await broker.f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/properties/${pid}/publish`, {
      value: 42,
    });

    const client = await broker.f.connectDevice(device);
    const thingIdMessage = nextMessage(client, `/a/d/${device.id}/e/i`);
    await client.subscribeAsync(`/a/d/${device.id}/e/i`);
    expect(decodeSenml(await thingIdMessage)).toEqual([{ name: 'thing_id', value: thing.id }]);

    await client.subscribeAsync(`/a/t/${thing.id}/shadow/i`);
    const shadow = nextMessage(client, `/a/t/${thing.id}/shadow/i`);
    await client.publishAsync(`/a/t/${thing.id}/shadow/o`, Buffer.from(LEGACY_GET_LAST_VALUES));
    const values = decodeSenml(await shadow);
    expect(values).toEqual([{ name: 'count', value: 42, timeMs: expect.any(Number) }]);
    expect(encodeSenml(values).length).toBeGreaterThan(0);
  });
});

/**
 * Issue 15 item 1, the board library: a session of ArduinoIoTCloud 2.9.3 (Arduino's board library, built for a
 * Linux host on the ESP boards' secret-key path, its protocol code unchanged) with this server, replayed.
 *
 * The library was run once against this server's TLS listener with the README's settings (`setBoardId`,
 * `setSecretDeviceKey`, `begin(connection, …, host, 8884)`): it connected, found its thing, took the last
 * values, sent its own and received a value set in the cloud. No board runs in CI, so this test plays the
 * board's side of that session with the bytes the library sent, and checks the server's side with the bytes
 * the library accepted (byte for byte where they do not depend on the moment or the ids).
 */
import { readFileSync } from 'node:fs';
import { decodeCommand, decodeSenml } from '@tinkercloud/device-protocol';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { useEmbeddedBroker } from '../testing/embedded-broker-fixture.ts';
import { nextMessage, storedPoints } from '../testing/mqtt-fixtures.ts';

/** What ArduinoIoTCloud 2.9.3 published, as it published it (hex). */
const FROM_LIBRARY = {
  /** DeviceBegin: the library's version as it reports it. */
  deviceBegin: 'da000107008165322e392e30',
  /** DeviceNetConfig: Wi-Fi, the network's name. */
  deviceNetConfig: 'da00011100820168486f737457694669',
  /** ThingBegin with no thing id yet. */
  thingBegin: 'da000103008160',
  lastValuesBegin: 'da0001050080',
  /**
   * Its first values on `e/o`: temperature 21.25 (float32), counter 5 (the value it was given), and the two
   * timezone values it was told, which the library sends back as properties of its own.
   */
  firstValues:
    '9fa2006b74656d706572617475726502fa41aa0000a20067636f756e7465720205a20069747a5f6f66667365740239464fa2006c' +
    '747a5f6473745f756e74696c021a6b963aefff',
  /** The echo of a value written from the cloud (counter 42), as the library sends every change back. */
  counterEcho: '9fa20067636f756e74657202182aff',
};

/** What the library received and acted on. */
const TO_LIBRARY = {
  /** ThingUpdate with no thing: the device is not bound. */
  noThing: 'da000104008160',
  /** ThingUpdate / ThingDetach: a 4-byte tag, then a definite array of one 36-character text. */
  thingUpdate: (thingId: string) => `da0001040081${text36(thingId)}`,
  thingDetach: (thingId: string) => `da0001100081${text36(thingId)}`,
  /** The cloud's write of counter 42 on `e/i`. */
  counter42: '9fa20067636f756e74657202182aff',
};

const hex = (text: string) => Buffer.from(text, 'hex');
/** A CBOR text of 36 bytes (a UUID): major type 3 with a one-byte length, then the text. */
function text36(id: string): string {
  expect(id).toHaveLength(36);
  return `7824${Buffer.from(id).toString('hex')}`;
}
const broker = useEmbeddedBroker({ tls: true });
const boards: MqttClient[] = [];
afterEach(async () => {
  await Promise.all(boards.splice(0).map((b) => b.endAsync(true).catch(() => undefined)));
});

/**
 * Connects as the library does: MQTT 3.1.1 over TLS to the host it was given (the certificate checked against
 * the printed CA, for that name), client id = user name = device id, the secret key as password, a clean
 * session, keepalive 30 s; then it subscribes its `c/dw` at QoS 0.
 */
async function connectAsLibrary(device: { id: string; secret: string }) {
  const { t } = broker;
  const board = await connectAsync(`mqtts://localhost:${t.connectivity?.listening?.tlsPort}`, {
    protocolVersion: 4,
    clientId: device.id,
    username: device.id,
    password: device.secret,
    clean: true,
    keepalive: 30,
    reconnectPeriod: 0,
    connectTimeout: 15_000,
    ca: readFileSync(t.certificates.caFile as string),
  });
  boards.push(board);
  await board.subscribeAsync(`/a/d/${device.id}/c/dw`, { qos: 0 });
  return board;
}

/** The library's start on `c/up` (DeviceBegin, DeviceNetConfig, ThingBegin), and the server's answer on `c/dw`. */
async function begin(board: MqttClient, deviceId: string): Promise<string> {
  const answer = nextMessage(board, `/a/d/${deviceId}/c/dw`);
  for (const payload of [FROM_LIBRARY.deviceBegin, FROM_LIBRARY.deviceNetConfig, FROM_LIBRARY.thingBegin])
    await board.publishAsync(`/a/d/${deviceId}/c/up`, hex(payload), { qos: 0 });
  return (await answer).toString('hex');
}

describe('ArduinoIoTCloud 2.9.3, replayed', () => {
  it('logs in with the secret key over TLS, finds its thing, syncs, sends its values and takes the cloud’s', async () => {
    const { t, f } = broker;
    const owner = await t.createUser();
    await f.grantPlan(owner.id, 'create-maker');
    const device = await f.deviceWithKey(owner.id);
    const thing = await f.thingWith(
      owner.id,
      [
        { name: 'temperature', type: 'TEMPERATURE_C', permission: 'READ_ONLY' },
        { name: 'counter', type: 'INT', permission: 'READ_WRITE' },
      ],
      { deviceId: device.id, timezone: 'America/New_York' },
    );
    const counterId = thing.properties?.find((p) => p.name === 'counter')?.id as string;
    const publish = (value: number) =>
      f.call(owner.id, 'PUT', `/iot/v2/things/${thing.id}/properties/${counterId}/publish`, { value });
    expect((await publish(5)).statusCode).toBe(200);

    const board = await connectAsLibrary(device);
    expect(await begin(board, device.id)).toBe(TO_LIBRARY.thingUpdate(thing.id));

    await board.subscribeAsync(`/a/t/${thing.id}/e/i`, { qos: 0 });
    const lastValues = nextMessage(board, `/a/d/${device.id}/c/dw`);
    await board.publishAsync(`/a/d/${device.id}/c/up`, hex(FROM_LIBRARY.lastValuesBegin), { qos: 0 });
    const update = decodeCommand(await lastValues);
    expect(update.type).toBe('LastValuesUpdate');
    const records = decodeSenml((update as { senml: Uint8Array }).senml);
    // The library reads `n` and `v` and takes the value when `t` is present; the timezone as two values.
    expect(records.map((r) => [r.name, r.value])).toEqual([
      ['counter', 5],
      ['tz_offset', expect.any(Number)],
      ['tz_dst_until', expect.any(Number)],
    ]);
    expect(records[0]?.timeMs).toEqual(expect.any(Number));

    await board.publishAsync(`/a/t/${thing.id}/e/o`, hex(FROM_LIBRARY.firstValues), { qos: 0 });
    const lastOf = async () => {
      const props = (await f.call(owner.id, 'GET', `/iot/v2/things/${thing.id}/properties`)).json() as {
        name: string;
        last_value: unknown;
      }[];
      return Object.fromEntries(props.map((p) => [p.name, p.last_value]));
    };
    await expect.poll(lastOf, { timeout: 15_000 }).toEqual({ temperature: 21.25, counter: 5 });

    const write = nextMessage(board, `/a/t/${thing.id}/e/i`);
    expect((await publish(42)).statusCode).toBe(200);
    expect((await write).toString('hex')).toBe(TO_LIBRARY.counter42);
    await board.publishAsync(`/a/t/${thing.id}/e/o`, hex(FROM_LIBRARY.counterEcho), { qos: 0 });
    // The echo is stored beside the cloud's write (QoS 0 as the library sends it: waited for, not acknowledged).
    await expect
      .poll(async () => (await storedPoints(t.db, counterId)).filter((p) => p.value === 42).length, {
        timeout: 15_000,
      })
      .toBe(2);
    expect(await lastOf()).toEqual({ temperature: 21.25, counter: 42 });

    // What the library told of itself is stored, and nothing it sent was refused (the timezone values it
    // sends back included).
    await expect
      .poll(async () => (await f.call(owner.id, 'GET', `/iot/v2/devices/${device.id}/connectivity`)).json(), {
        timeout: 15_000,
      })
      .toMatchObject({
        device_status: 'ONLINE',
        lib_version: '2.9.0',
        net_config: { adapter: 1, params: ['HostWiFi'] },
        rejected_values: 0,
        rejected_messages: 0,
      });
  });

  it('is told "no thing" until one is bound, then its thing, and its thing’s end when unbound', async () => {
    const { t, f } = broker;
    const owner = await t.createUser();
    await f.grantPlan(owner.id, 'create-maker');
    const device = await f.deviceWithKey(owner.id);
    const board = await connectAsLibrary(device);
    expect(await begin(board, device.id)).toBe(TO_LIBRARY.noThing);

    let pushed = nextMessage(board, `/a/d/${device.id}/c/dw`);
    const thing = await f.thingWith(owner.id, [{ name: 'counter', type: 'INT' }], { deviceId: device.id });
    expect((await pushed).toString('hex')).toBe(TO_LIBRARY.thingUpdate(thing.id));

    pushed = nextMessage(board, `/a/d/${device.id}/c/dw`);
    expect((await f.call(owner.id, 'POST', `/iot/v2/things/${thing.id}`, { device_id: '' })).statusCode).toBe(
      200,
    );
    expect((await pushed).toString('hex')).toBe(TO_LIBRARY.thingDetach(thing.id));
  });
});

/**
 * Conformance (issue 5 item 8): the official `arduino-iot-js` 0.13.0, unmodified, against our embedded broker.
 * Application mode gets its token from our client-credentials endpoint itself; device mode logs in with a
 * device id and secret key and learns its thing through the legacy flow. What either side sends is read back
 * through the official REST client, `@arduino/arduino-iot-client`.
 *
 * The library builds fixed broker addresses (`wss://wss.{host}:8443/mqtt`, `mqtts://mqtts-up.{host}:8884`), so
 * this file wraps the `connect` of the mqtt.js copy the library resolves (before loading it: it keeps a
 * reference) and sends those connections to the test server. Nothing else is changed.
 */
import { createRequire } from 'node:module';
import * as Arduino from '@arduino/arduino-iot-client';
import { decodeSenml, encodeSenml } from '@tinkercloud/device-protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { mqttFixtures, nextMessage } from '../testing/mqtt-fixtures.ts';

// biome-ignore lint/suspicious/noExplicitAny: the official clients are driven untyped.
type Any = any;
const sdk = Arduino as Any;

/** The part of an mqtt.js 4 client this file watches. */
interface LibMqttClient {
  options: { clientId?: string; username?: string; protocolVersion?: number };
  on(event: string, listener: (...args: Any[]) => void): void;
  end(force?: boolean): void;
}
type Connect = (url: string, options: Record<string, unknown>) => LibMqttClient;

/** A connection the library opened: the address it asked for, the client, and what it saw. */
interface Opened {
  requestedUrl: string;
  client: LibMqttClient;
  /** Topics whose SUBACK granted them. */
  subscribed: Set<string>;
  /** CONNACK refusals (the library does not listen for them; mqtt.js 4 would throw without a listener). */
  errors: { code?: number }[];
}

const requireHere = createRequire(import.meta.url);
const requireFromLib = createRequire(requireHere.resolve('arduino-iot-js'));
const libMqtt = requireFromLib('mqtt') as { connect: Connect };
const opened: Opened[] = [];
let brokerUrls: { ws: string; mqtt: string } | undefined;

const originalConnect = libMqtt.connect;
libMqtt.connect = (url, options) => {
  if (!brokerUrls) throw new Error('the test server is not listening yet');
  const target = url.startsWith('wss:') ? brokerUrls.ws : url.startsWith('mqtts:') ? brokerUrls.mqtt : url;
  // No endless reconnects after a refusal (the library never ends a refused client).
  const client = originalConnect(target, { ...options, reconnectPeriod: 0 });
  const entry: Opened = { requestedUrl: url, client, subscribed: new Set(), errors: [] };
  const pending = new Map<number, string[]>();
  client.on('packetsend', (p: Any) => {
    if (p.cmd === 'subscribe')
      pending.set(
        p.messageId,
        p.subscriptions.map((s: Any) => s.topic),
      );
  });
  client.on('packetreceive', (p: Any) => {
    if (p.cmd !== 'suback') return;
    (pending.get(p.messageId) ?? []).forEach((topic, i) => {
      if (p.granted[i] < 128) entry.subscribed.add(topic);
    });
  });
  client.on('error', (err: { code?: number }) => entry.errors.push(err));
  opened.push(entry);
  return client;
};
const { ArduinoIoTCloud } = requireFromLib('arduino-iot-js') as {
  ArduinoIoTCloud: { connect(options: Record<string, unknown>): Promise<Any> };
};

let t: TestApp;
let f: ReturnType<typeof mqttFixtures>;
let base: string;
let ownerId: string;
let apiKey: { client_id: string; client_secret: string };
let rest: Any;

beforeAll(async () => {
  t = await createTestApp({}, { broker: true });
  f = mqttFixtures(t);
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  brokerUrls = { ws: `${base.replace('http', 'ws')}/mqtt`, mqtt: `mqtt://127.0.0.1:${f.port()}` };
  const owner = await t.createUser();
  ownerId = owner.id;
  // API keys need a paid plan.
  await f.grantPlan(owner.id, 'create-maker');
  apiKey = (await f.call(owner.id, 'POST', '/iot/v1/clients', { name: 'arduino-iot-js' })).json();
  rest = new sdk.ApiClient(base);
  rest.authentications.oauth2.accessToken = await clientCredentialsToken();
});
afterEach(async () => {
  await f?.closeAll();
  for (const o of opened.splice(0)) o.client.end(true);
});
afterAll(async () => {
  libMqtt.connect = originalConnect;
  await t?.close();
});

async function clientCredentialsToken(): Promise<string> {
  const res = await fetch(`${base}/iot/v1/clients/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: apiKey.client_id,
      client_secret: apiKey.client_secret,
      audience: 'https://api2.arduino.cc/iot',
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A device with a secret key, bound to a thing with a number, a switch, a text and a location. */
async function board() {
  const device = await f.deviceWithKey(ownerId);
  const thing = await f.thingWith(
    ownerId,
    [
      { name: 'temperature', type: 'TEMPERATURE_C' },
      { name: 'heater', type: 'STATUS' },
      { name: 'message', type: 'CHARSTRING' },
      { name: 'position', type: 'LOCATION' },
    ],
    { deviceId: device.id },
  );
  const props = Object.fromEntries((thing.properties ?? []).map((p) => [p.name, p.id]));
  return { device, thing, props };
}

/** The property's last value as the official REST client reads it, once it equals `expected`. */
async function storedValue(thingId: string, propertyId: string | undefined, expected: unknown) {
  const properties = new sdk.PropertiesV2Api(rest);
  return vi.waitFor(
    async () => {
      const shown = await properties.propertiesV2Show(thingId, propertyId);
      expect(shown.last_value).toEqual(expected);
      return shown;
    },
    { timeout: 30_000, interval: 50 },
  );
}

/** Resolves once the library's connection has a granted subscription to `topic`. */
function subscribedTo(connection: Opened | undefined, topic: string) {
  return vi.waitFor(() => expect(connection?.subscribed.has(topic)).toBe(true), {
    timeout: 30_000,
    interval: 20,
  });
}

/** The next value the library hands to an `onPropertyValue` callback. */
function nextValue(register: (cb: (value: unknown) => void) => void): Promise<unknown> {
  return new Promise((resolve) => register(resolve));
}

describe('arduino-iot-js 0.13.0 in application mode', () => {
  it('gets its token from /iot/v1/clients/token and connects over WebSocket as the key owner', async () => {
    const cloud = await ArduinoIoTCloud.connect({
      clientId: apiKey.client_id,
      clientSecret: apiKey.client_secret,
      apiUrl: `${base}/iot/v1/clients/token`,
    });
    const [conn] = opened;
    expect(conn?.requestedUrl).toBe('wss://wss.iot.arduino.cc:8443/mqtt');
    // User name and client id are the token's `http://arduino.cc/id` claim: our user id.
    expect(conn?.client.options).toMatchObject({ username: ownerId, clientId: ownerId, protocolVersion: 4 });
    expect(typeof cloud.getToken()).toBe('string');
    await cloud.disconnect();
  });

  it('connects with a client-credentials token given directly', async () => {
    const token = await clientCredentialsToken();
    const cloud = await ArduinoIoTCloud.connect({ token });
    expect(opened[0]?.client.options).toMatchObject({ username: ownerId, clientId: ownerId });
    expect(cloud.getToken()).toBe(token);
    await cloud.disconnect();
  });

  it('sends values to a thing: stored, readable through the REST client, delivered to the device', async () => {
    const { device, thing, props } = await board();
    const raw = await f.connectDevice(device);
    await raw.subscribeAsync(`/a/t/${thing.id}/e/i`);
    const cloud = await ArduinoIoTCloud.connect({
      clientId: apiKey.client_id,
      clientSecret: apiKey.client_secret,
      apiUrl: `${base}/iot/v1/clients/token`,
    });

    const delivered = nextMessage(raw, `/a/t/${thing.id}/e/i`);
    await cloud.sendProperty(thing.id, 'heater', true);
    expect(decodeSenml(await delivered)).toEqual([
      { name: 'heater', value: true, timeMs: expect.any(Number) },
    ]);
    await storedValue(thing.id, props.heater, true);

    await cloud.sendProperty(thing.id, 'message', 'water the tomatoes');
    await storedValue(thing.id, props.message, 'water the tomatoes');
    // An object value goes out as one record per field (`position:lat`, `position:lon`).
    await cloud.sendProperty(thing.id, 'position', { lat: 45.07, lon: 7.69 });
    await storedValue(thing.id, props.position, { lat: 45.07, lon: 7.69 });

    // The library's time is `bt` in milliseconds (the device library sends seconds).
    const at = Math.floor((Date.now() - 60_000) / 1000) * 1000 + 250;
    await cloud.sendProperty(thing.id, 'temperature', 19.5, at);
    await storedValue(thing.id, props.temperature, 19.5);
    const series = await new sdk.SeriesV2Api(rest).seriesV2BatchQueryRaw(
      new sdk.BatchQueryRawRequestsMediaV1(
        [
          new sdk.BatchQueryRawRequestMediaV1(`property.${props.message}`),
          new sdk.BatchQueryRawRequestMediaV1(`property.${props.temperature}`),
        ],
        1,
      ),
    );
    expect(series.responses[0]).toMatchObject({ count_values: 1, values: ['water the tomatoes'] });
    expect(series.responses[1]).toMatchObject({ count_values: 1, values: [19.5] });
    expect(series.responses[1].times[0].getTime()).toBe(at);

    // 0.13.0 sends `false` (and 0) as a record without a value: stored as the type's zero, false here.
    await cloud.sendProperty(thing.id, 'heater', false);
    await cloud.sendProperty(thing.id, 'message', 'still connected');
    await storedValue(thing.id, props.message, 'still connected');
    await storedValue(thing.id, props.heater, false);
    await cloud.disconnect();
  });

  it("receives the device's values through onPropertyValue", async () => {
    const { device, thing } = await board();
    const raw = await f.connectDevice(device);
    const cloud = await ArduinoIoTCloud.connect({
      clientId: apiKey.client_id,
      clientSecret: apiKey.client_secret,
      apiUrl: `${base}/iot/v1/clients/token`,
    });
    const temperature = nextValue((cb) => cloud.onPropertyValue(thing.id, 'temperature', cb));
    const position = nextValue((cb) => cloud.onPropertyValue(thing.id, 'position', cb));
    await subscribedTo(opened.at(-1), `/a/t/${thing.id}/e/o`);

    await raw.publishAsync(
      `/a/t/${thing.id}/e/o`,
      Buffer.from(
        encodeSenml([
          { name: 'temperature', value: 21.5 },
          { name: 'position:lat', value: 45.5 },
          { name: 'position:lon', value: 9.2 },
        ]),
      ),
      { qos: 1 },
    );
    expect(await temperature).toBe(21.5);
    expect(await position).toEqual({ lat: 45.5, lon: 9.2 });
    await cloud.disconnect();
  });
});

describe('arduino-iot-js 0.13.0 in device mode', () => {
  it('logs in with the device id and secret key, learns its thing and sends values', async () => {
    const { device, thing, props } = await board();
    const cloud = await ArduinoIoTCloud.connect({ deviceId: device.id, secretKey: device.secret });
    const [conn] = opened;
    expect(conn?.requestedUrl).toBe('mqtts://mqtts-up.iot.arduino.cc:8884');
    expect(conn?.client.options).toMatchObject({ username: device.id, clientId: device.id });

    // sendProperty throws until the thing id arrived; it goes to that thing's e/o.
    await cloud.sendProperty('temperature', 22.5);
    await cloud.sendProperty('message', 'hello from the board');
    await storedValue(thing.id, props.temperature, 22.5);
    await storedValue(thing.id, props.message, 'hello from the board');
    const status = await new sdk.DevicesV2Api(rest).devicesV2Show(device.id);
    expect(status.device_status).toBe('ONLINE');
    await cloud.disconnect();
  });

  it('receives values published through the REST API', async () => {
    const { device, thing, props } = await board();
    const cloud = await ArduinoIoTCloud.connect({ deviceId: device.id, secretKey: device.secret });
    const heater = nextValue((cb) => cloud.onPropertyValue('heater', cb));
    await subscribedTo(opened.at(-1), `/a/t/${thing.id}/e/i`);

    await new sdk.PropertiesV2Api(rest).propertiesV2Publish(
      thing.id,
      props.heater,
      new sdk.PropertyValue(true),
    );
    expect(await heater).toBe(true);
    await storedValue(thing.id, props.heater, true);
    await cloud.disconnect();
  });

  it('is refused with a wrong secret key', async () => {
    const { device } = await board();
    await expect(ArduinoIoTCloud.connect({ deviceId: device.id, secretKey: 'not-the-key' })).rejects.toThrow(
      'connection failed',
    );
    // CONNACK 4: bad user name or password.
    expect(opened[0]?.errors.map((e) => e.code)).toEqual([4]);
  });
});

import { encodeSenml, valueToRecords } from '@tinkercloud/device-protocol';
import { sql } from 'drizzle-orm';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { findMosquitto, startMosquitto, type TestMosquitto } from '../../../test/mosquitto.ts';
import { mqttFixtures, storedPoints } from './testing/mqtt-fixtures.ts';

const found = findMosquitto();
if ('missing' in found) console.warn(`external broker backlog test skipped: ${found.missing}`);

const T0 = Date.UTC(2025, 2, 1, 8, 0, 0);
const BOUND = 5;

/**
 * Mosquitto 2.0 ignores the receive maximum the server asks for, so with a slow database it would hand the
 * server every queued message at once. The server bounds its own backlog: it stops reading beyond
 * `maxInFlight` unacknowledged messages and resumes as commits let acknowledgements out.
 */
describe.skipIf('missing' in found)('external broker: a bounded backlog', () => {
  let mosquitto: TestMosquitto;
  let t: TestApp;
  let client: MqttClient | undefined;

  beforeAll(async () => {
    if ('missing' in found) return;
    mosquitto = await startMosquitto(found);
    t = await createTestApp(
      { MQTT_URL: mosquitto.url },
      { broker: true, connectivity: { maxInFlight: BOUND } },
    );
  });
  afterAll(async () => {
    await client?.endAsync(true).catch(() => undefined);
    await t?.close();
    await mosquitto?.stop();
  });

  it('holds at most maxInFlight messages while the database stalls, then stores every one', async () => {
    const external = t.connectivity?.mode === 'external' ? t.connectivity : null;
    if (!external) throw new Error('expected the external broker');
    const f = mqttFixtures(t);
    const user = await t.createUser();
    const device = await f.deviceWithKey(user.id);
    const thing = await f.thingWith(user.id, [{ name: 'count', type: 'INT' }], { deviceId: device.id });
    const pid = thing.properties?.[0]?.id as string;
    client = await connectAsync(`mqtt://127.0.0.1:${mosquitto.port}`, {
      protocolVersion: 4,
      clientId: device.id,
      username: device.id,
      password: device.secret,
      reconnectPeriod: 0,
    });
    const topic = `/a/t/${thing.id}/e/o`;
    const send = (i: number) =>
      client?.publishAsync(
        topic,
        Buffer.from(encodeSenml(valueToRecords('count', 'INT', i, T0 + i * 1000))),
        {
          qos: 1,
        },
      );
    // The device's first message is stored: its session and rights are in place.
    await send(0);

    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // Writes wait behind this lock: the database stalls.
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table telemetry_points in exclusive mode`);
      locked();
      await gate;
    });
    const n = 60;
    try {
      await isLocked;
      const acks = Array.from({ length: n }, (_, i) => send(i + 1));
      await expect.poll(() => external.broker.flow().inFlight, { timeout: 10_000 }).toBe(BOUND);
      // Time for the rest to reach the server if it kept reading; the broker holds what it does not read.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(external.broker.flow().inFlight).toBe(BOUND);
      release();
      await holder;
      await Promise.all(acks);
      await expect.poll(async () => (await storedPoints(t.db, pid)).length, { timeout: 20_000 }).toBe(n + 1);
      expect(external.broker.flow().peak).toBe(BOUND);
      expect(external.broker.flow().inFlight).toBe(0);
    } finally {
      release();
    }
  });
});

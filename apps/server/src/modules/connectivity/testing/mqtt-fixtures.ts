import { encodeSenml, valueToRecords } from '@tinkercloud/device-protocol';
import { sql } from 'drizzle-orm';
import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import type { TestApp } from '../../../../test/app.ts';
import type { Database } from '../../../db/client.ts';
import { rowsOf } from '../../../db/sql-results.ts';
import { iotFixtures } from '../../iot/testing/iot-fixtures.ts';

/**
 * Real mqtt.js clients against the test app's broker, and the IoT resources they need. The clients connect to
 * the embedded broker, or to `brokerPort` when given (an external broker's).
 */
export function mqttFixtures(t: TestApp, brokerPort?: () => number) {
  const f = iotFixtures(t);
  const clients: MqttClient[] = [];
  const embeddedPort = () => {
    const p = t.connectivity?.listening?.port;
    if (!p) throw new Error('the test app runs no broker: createTestApp({}, { broker: true })');
    return p;
  };
  const port = brokerPort ?? embeddedPort;

  async function connect(opts: IClientOptions): Promise<MqttClient> {
    const client = await connectAsync(`mqtt://127.0.0.1:${port()}`, {
      protocolVersion: 4,
      reconnectPeriod: 0,
      // Generous: the login is checked against the database, which a busy machine makes slow.
      connectTimeout: 15_000,
      ...opts,
    });
    clients.push(client);
    return client;
  }

  return {
    ...f,
    port,
    connect,

    /** A device whose secret key is set through the API (as arduino-cloud-cli create-generic does). */
    async deviceWithKey(userId: string, space?: string) {
      const device = await f.device(userId, { type: 'login_and_secretkey_wifi' }, space);
      const secret = `key-${device.id.slice(0, 8)}-ABCDEFGHJKLMNPQRST`;
      const res = await f.call(
        userId,
        'PUT',
        `/iot/v2/devices/${device.id}/pass`,
        { password: secret },
        { space },
      );
      if (res.statusCode !== 200) throw new Error(`pass failed: ${res.statusCode} ${res.body}`);
      return { id: device.id, secret };
    },

    /** A thing with the given properties (variable names as given), bound to `deviceId` when set. */
    async thingWith(
      userId: string,
      properties: { name: string; type: string; permission?: 'READ_ONLY' | 'READ_WRITE' }[],
      opts: { deviceId?: string; space?: string; timezone?: string } = {},
    ) {
      return f.thing(
        userId,
        {
          ...(opts.deviceId && { device_id: opts.deviceId }),
          ...(opts.timezone && { timezone: opts.timezone }),
          properties: properties.map((p) => ({
            name: p.name,
            variable_name: p.name,
            type: p.type,
            permission: p.permission ?? 'READ_WRITE',
            update_strategy: 'ON_CHANGE',
          })),
        },
        opts.space,
      );
    },

    /** Connects as the device (client id = user name = device id). */
    connectDevice(device: { id: string; secret: string }, opts: IClientOptions = {}) {
      return connect({ clientId: device.id, username: device.id, password: device.secret, ...opts });
    },

    /** The CONNACK return code of a refused connection (throws if it was accepted). */
    async refusal(opts: IClientOptions): Promise<number> {
      try {
        const client = await connect(opts);
        client.end(true);
      } catch (err) {
        return (err as { code?: number }).code ?? -1;
      }
      throw new Error('the connection was accepted');
    },

    async closeAll() {
      await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
      clients.length = 0;
    },
  };
}

/** The next message on `topic` (subscribe first); the bound is for a message that never comes, not a speed test. */
export function nextMessage(client: MqttClient, topic: string, timeoutMs = 15_000): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('message', onMessage);
      reject(new Error(`no message on ${topic} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (t: string, payload: Buffer) => {
      if (t !== topic) return;
      clearTimeout(timer);
      client.off('message', onMessage);
      resolve(payload);
    };
    client.on('message', onMessage);
  });
}

/** Resolves when the client's connection closes (the broker ended it). */
export function closed(client: MqttClient, timeoutMs = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!client.connected) return resolve();
    const timer = setTimeout(() => reject(new Error('the connection stayed open')), timeoutMs);
    client.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The SUBACK codes of one subscription (128: refused). */
export async function subscribeCodes(client: MqttClient, topic: string): Promise<number[]> {
  try {
    const granted = await client.subscribeAsync(topic, { qos: 1 });
    return granted.map((g) => g.qos);
  } catch (err) {
    // mqtt.js rejects a SUBACK holding a failure code; the codes are on the packet.
    const granted = (err as { packet?: { granted?: (number | { qos: number })[] } }).packet?.granted;
    if (!granted) throw err;
    return granted.map((g) => (typeof g === 'number' ? g : g.qos));
  }
}

/** The points stored for a property, oldest first, as the telemetry store keeps them. */
export async function storedPoints(db: Database, propertyId: string | undefined) {
  const rows = await rowsOf<{ t: number; value: unknown }>(
    db,
    sql`select (extract(epoch from at) * 1000)::float8 as t, value from telemetry_points
        where property_id = ${propertyId ?? '00000000-0000-0000-0000-000000000000'}::uuid order by at`,
  );
  return rows.map((r) => ({ at: new Date(Number(r.t)), value: r.value }));
}

/** Publishes one property value on the thing's `e/o` (QoS 1: resolves once the broker acknowledged it). */
export async function publishValue(
  client: MqttClient,
  thingId: string,
  value: { name: string; type: string; value: unknown; at?: number },
): Promise<void> {
  const records = valueToRecords(value.name, value.type, value.value, value.at);
  await client.publishAsync(`/a/t/${thingId}/e/o`, Buffer.from(encodeSenml(records)), { qos: 1 });
}

/**
 * Holds an exclusive lock on the telemetry table until `release`: value writes wait (a slow database).
 * Resolves once the lock is held; `done` settles when the holding transaction ended.
 */
export async function holdTelemetryWrites(db: Database) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked: () => void = () => undefined;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const done = db.transaction(async (tx) => {
    await tx.execute(sql`lock table telemetry_points in exclusive mode`);
    locked();
    await gate;
  });
  await Promise.race([isLocked, done]);
  return { release, done };
}

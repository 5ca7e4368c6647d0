import { type ChildProcess, spawn } from 'node:child_process';
import { connect as tcpConnect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { encodeSenml, valueToRecords } from '@tinkercloud/device-protocol';
import { connectAsync, type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { freePort } from '../../../test/free-port.ts';
import { iotFixtures } from '../iot/testing/iot-fixtures.ts';
import { storedPoints } from './testing/mqtt-fixtures.ts';

// Faults need what PGlite cannot give: a second process on the same database, and a database that goes away.
const onServer = Boolean(process.env.DATABASE_URL);
if (!onServer) console.warn('connectivity fault tests skipped: they need DATABASE_URL (a PostgreSQL server)');

// Recent enough to outlive retention (the restarted server runs it at start).
const T0 = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
const SERVER_DIR = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Publishes values 0..n-1 (dated T0 + i s) with QoS 1, at most `window` unacknowledged at once, and notes
 * which were acknowledged. mqtt.js keeps what was not acknowledged and sends it again after a reconnect.
 */
function publisher(client: MqttClient, topic: string, n: number, window = 20) {
  const acked = new Set<number>();
  let next = 0;
  let inFlight = 0;
  let resolveAll: () => void = () => undefined;
  const all = new Promise<void>((resolve) => {
    resolveAll = resolve;
  });
  const pump = () => {
    while (inFlight < window && next < n) {
      const i = next;
      next += 1;
      inFlight += 1;
      client.publish(
        topic,
        Buffer.from(encodeSenml(valueToRecords('count', 'INT', i, T0 + i * 1000))),
        { qos: 1 },
        (err) => {
          inFlight -= 1;
          if (!err) acked.add(i);
          if (acked.size === n) resolveAll();
          else setImmediate(pump);
        },
      );
    }
  };
  pump();
  return { acked, all };
}

async function waitForPort(port: number, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const open = await new Promise<boolean>((resolve) => {
      const s = tcpConnect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listens on ${port}`);
}

describe.skipIf(!onServer)('connectivity under faults (PostgreSQL)', () => {
  let t: TestApp;
  let f: ReturnType<typeof iotFixtures>;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    // These devices publish hundreds of messages at once on purpose: no per-device rate limit here.
    t = await createTestApp({ MQTT_DEVICE_MESSAGES_PER_SECOND: '0' }, { broker: true });
    f = iotFixtures(t);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
  });
  afterAll(() => t?.close());

  async function setup() {
    const user = await t.createUser();
    const device = await f.device(user.id, { type: 'login_and_secretkey_wifi' });
    const secret = `faults-${device.id.slice(0, 8)}`;
    await f.call(user.id, 'PUT', `/iot/v2/devices/${device.id}/pass`, { password: secret });
    const thing = await f.thing(user.id, {
      device_id: device.id,
      properties: [
        {
          name: 'count',
          variable_name: 'count',
          type: 'INT',
          permission: 'READ_ONLY',
          update_strategy: 'ON_CHANGE',
        },
      ],
    });
    return { device: { id: device.id, secret }, thingId: thing.id, pid: thing.properties?.[0]?.id as string };
  }

  const storedValues = async (pid: string) =>
    new Set((await storedPoints(t.db, pid)).map((r) => r.value as number));

  it('kill -9 during QoS 1 ingest: every acknowledged value is stored; after a restart every value is', async () => {
    const s = await setup();
    const [httpPort, mqttPort] = [await freePort(), await freePort()];
    const env = {
      ...process.env,
      DATABASE_URL: t.databaseUrl,
      PORT: String(httpPort),
      PUBLIC_URL: `http://127.0.0.1:${httpPort}`,
      MQTT_PORT: String(mqttPort),
      MQTT_HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      DEMO_DATA: 'false',
      NODE_ENV: 'production',
      MQTT_DEVICE_MESSAGES_PER_SECOND: '0',
    };
    const start = () =>
      spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: SERVER_DIR, env, stdio: 'ignore' });
    let server: ChildProcess = start();
    try {
      await waitForPort(mqttPort);
      const client = await connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
        protocolVersion: 4,
        clientId: s.device.id,
        username: s.device.id,
        password: s.device.secret,
        reconnectPeriod: 300,
      });
      clients.push(client);
      const n = 600;
      const run = publisher(client, `/a/t/${s.thingId}/e/o`, n);
      await expect.poll(() => run.acked.size, { timeout: 30_000, interval: 20 }).toBeGreaterThan(100);
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
      const ackedBeforeCrash = [...run.acked];
      expect(ackedBeforeCrash.length).toBeLessThan(n);
      const stored = await storedValues(s.pid);
      expect(ackedBeforeCrash.filter((i) => !stored.has(i))).toEqual([]);

      server = start();
      await run.all;
      const after = await storedValues(s.pid);
      expect(after.size).toBe(n);
    } finally {
      server.kill('SIGTERM');
    }
  }, 180_000);

  it('PostgreSQL away for 10 s: nothing acknowledged is lost, waiting stays bounded, ingest resumes', async () => {
    const s = await setup();
    const client = await connectAsync(`mqtt://127.0.0.1:${t.connectivity?.listening?.port}`, {
      protocolVersion: 4,
      clientId: s.device.id,
      username: s.device.id,
      password: s.device.secret,
      reconnectPeriod: 300,
      // A board retries after a refused login too (the broker says "server unavailable" while it cannot check).
      reconnectOnConnackError: true,
    });
    clients.push(client);
    const n = 400;
    const run = publisher(client, `/a/t/${s.thingId}/e/o`, n);
    await expect.poll(() => run.acked.size, { timeout: 30_000, interval: 20 }).toBeGreaterThan(50);

    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    let maxPending = 0;
    const sampler = setInterval(() => {
      maxPending = Math.max(maxPending, t.connectivity?.ingest.pending ?? 0);
    }, 50);
    try {
      await admin.query(`alter database ${t.databaseName} allow_connections false`);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [t.databaseName],
      );
      const ackedAtOutage = run.acked.size;
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      // Without a database nothing can be committed, so nothing more is acknowledged.
      expect(run.acked.size - ackedAtOutage).toBeLessThanOrEqual(20);
      await admin.query(`alter database ${t.databaseName} allow_connections true`);
      await run.all;
    } finally {
      clearInterval(sampler);
      await admin.query(`alter database ${t.databaseName} allow_connections true`).catch(() => undefined);
      await admin.end();
    }
    const stored = await storedValues(s.pid);
    expect(stored.size).toBe(n);
    // What waits is what publishers have in flight (a window of 20 here), not what they would like to send.
    expect(maxPending).toBeLessThanOrEqual(20);
  }, 120_000);
});

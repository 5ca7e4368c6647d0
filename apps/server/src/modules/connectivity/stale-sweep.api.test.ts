import { eq, sql } from 'drizzle-orm';
import { connectAsync, type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { findMosquitto, startMosquitto, type TestMosquitto } from '../../../test/mosquitto.ts';
import { telemetryStoreFor } from '../../app.ts';
import { iotDevices } from '../../db/schema/index.ts';
import { iotFixtures } from '../iot/testing/iot-fixtures.ts';
import { createConnectivity } from './connectivity.ts';
import { PROBE_WINDOW_MS } from './stale-sweep.ts';
import { closed } from './testing/mqtt-fixtures.ts';

const found = findMosquitto();
if ('missing' in found) console.warn(`stale sweep tests skipped: ${found.missing}`);

describe.skipIf('missing' in found)(
  'devices left online by a disconnect no process saw (external broker)',
  () => {
    let mosquitto: TestMosquitto;
    let t: TestApp;
    let f: ReturnType<typeof iotFixtures>;
    const clients: MqttClient[] = [];

    beforeAll(async () => {
      if ('missing' in found) return;
      mosquitto = await startMosquitto(found);
      t = await createTestApp({ MQTT_URL: mosquitto.url }, { broker: true });
      f = iotFixtures(t);
    });
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
    });
    afterAll(async () => {
      await t?.close();
      await mosquitto?.stop();
    });

    async function device(userId: string) {
      const d = await f.device(userId, { type: 'login_and_secretkey_wifi' });
      const secret = `stale-${d.id.slice(0, 8)}-KEY`;
      expect(
        (await f.call(userId, 'PUT', `/iot/v2/devices/${d.id}/pass`, { password: secret })).statusCode,
      ).toBe(200);
      return { id: d.id, secret };
    }

    const status = async (userId: string, deviceId: string) =>
      (await f.call(userId, 'GET', `/iot/v2/devices/${deviceId}`)).json().device_status;

    /** As the database would hold it after a disconnect nobody saw: online, quiet for an hour. */
    const leftOnline = (deviceId: string) =>
      t.db.execute(sql`update iot_devices set status = 'ONLINE', last_activity_at = now() - interval '1 hour'
      where id = ${deviceId}`);

    it('marks offline a device gone unseen, and keeps online a quiet one still connected', async () => {
      const user = await t.createUser();
      const gone = await device(user.id);
      const quiet = await device(user.id);
      const client = await connectAsync(`mqtt://127.0.0.1:${mosquitto.port}`, {
        protocolVersion: 4,
        clientId: quiet.id,
        username: quiet.id,
        password: quiet.secret,
        reconnectPeriod: 200,
      });
      clients.push(client);
      await expect.poll(() => status(user.id, quiet.id)).toBe('ONLINE');
      await leftOnline(gone.id);
      await leftOnline(quiet.id);
      // A server process started after the quiet device connected: it never saw that connection.
      const restarted = await createConnectivity({
        config: t.config,
        db: t.db,
        logger: pino({ level: 'silent' }),
        clientId: 'tinkercloud-test-restarted',
        telemetry: telemetryStoreFor(t.config, t.database),
      });
      await restarted.start({ userOfAccessToken: () => Promise.reject(new Error('unused')) });
      try {
        if (restarted.mode !== 'external') throw new Error('expected the external broker');
        expect(restarted.knowsConnected(quiet.id)).toBe(false);
        const dropped = closed(client, 10_000);
        const now = Date.now();
        await restarted.stale.sweep(now);
        // The probe drops the quiet device's connection; it comes back, and the broker log shows it.
        await dropped;
        await expect.poll(() => restarted.knowsConnected(quiet.id), { timeout: 10_000 }).toBe(true);
        await restarted.stale.sweep(now + PROBE_WINDOW_MS + 1_000);
        expect(await status(user.id, gone.id)).toBe('OFFLINE');
        await expect.poll(() => status(user.id, quiet.id)).toBe('ONLINE');
        const history = (await f.call(user.id, 'GET', `/iot/v2/devices/${gone.id}/status`)).json().events;
        expect(history[0].value).toBe('DISCONNECTED');
      } finally {
        await restarted.close();
      }
    });

    it('keeps a device in the trash shut out when probing it, and marks it offline', async () => {
      const user = await t.createUser();
      const trashed = await device(user.id);
      expect((await f.call(user.id, 'DELETE', `/iot/v2/devices/${trashed.id}`)).statusCode).toBe(200);
      await leftOnline(trashed.id);
      const sweep = t.connectivity?.mode === 'external' ? t.connectivity.stale : null;
      if (!sweep) throw new Error('expected the external broker');
      const now = Date.now();
      await sweep.sweep(now);
      const login = {
        protocolVersion: 4 as const,
        clientId: trashed.id,
        username: trashed.id,
        password: trashed.secret,
        reconnectPeriod: 0,
      };
      const refused = await connectAsync(`mqtt://127.0.0.1:${mosquitto.port}`, login).then(
        (c) => {
          clients.push(c);
          return 0;
        },
        (err: { code?: number }) => err.code,
      );
      expect(refused).toBe(5);
      await sweep.sweep(now + PROBE_WINDOW_MS + 1_000);
      const [row] = await t.db.select().from(iotDevices).where(eq(iotDevices.id, trashed.id));
      expect(row?.status).toBe('OFFLINE');
    });

    it('leaves alone a device whose values show it is there', async () => {
      const user = await t.createUser();
      const busy = await device(user.id);
      await leftOnline(busy.id);
      const sweep = t.connectivity?.mode === 'external' ? t.connectivity.stale : null;
      if (!sweep) throw new Error('expected the external broker');
      // A command from a device this process never saw connect counts as activity.
      sweep.seen(busy.id);
      await sweep.sweep(Date.now());
      await sweep.sweep(Date.now() + PROBE_WINDOW_MS + 1_000);
      expect(await status(user.id, busy.id)).toBe('ONLINE');
    });
  },
);

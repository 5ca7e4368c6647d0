import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { iotDevices } from '../../db/schema/index.ts';
import { PROBE_WINDOW_MS } from './stale-sweep.ts';
import { mosquittoFor, useExternalBroker } from './testing/external-broker-fixture.ts';
import { closed } from './testing/mqtt-fixtures.ts';

const found = mosquittoFor('stale sweep tests');

describe.skipIf('missing' in found)(
  'devices left online by a disconnect no process saw (external broker)',
  () => {
    const ext = useExternalBroker(found);

    const status = async (userId: string, deviceId: string) =>
      (await ext.f.call(userId, 'GET', `/iot/v2/devices/${deviceId}`)).json().device_status;

    /** As the database would hold it after a disconnect nobody saw: online, quiet for an hour. */
    const leftOnline = (deviceId: string) =>
      ext.t.db.execute(sql`update iot_devices set status = 'ONLINE', last_activity_at = now() - interval '1 hour'
      where id = ${deviceId}`);

    it('marks offline a device gone unseen, and keeps online a quiet one still connected', async () => {
      const user = await ext.t.createUser();
      const gone = await ext.f.deviceWithKey(user.id);
      const quiet = await ext.f.deviceWithKey(user.id);
      const client = await ext.f.connectDevice(quiet, { reconnectPeriod: 200 });
      await expect.poll(() => status(user.id, quiet.id)).toBe('ONLINE');
      await leftOnline(gone.id);
      await leftOnline(quiet.id);
      // A server process started after the quiet device connected: it never saw that connection.
      const restarted = await ext.anotherProcess('tinkercloud-test-restarted');
      try {
        if (restarted.mode !== 'external') throw new Error('expected the external broker');
        expect(restarted.knowsConnected(quiet.id)).toBe(false);
        const dropped = closed(client, 10_000);
        const now = Date.now();
        await restarted.stale.sweep(now);
        // The probe drops the quiet device's connection; it comes back, and the broker log shows it.
        await dropped;
        await expect.poll(() => restarted.knowsConnected(quiet.id), { timeout: 30_000 }).toBe(true);
        await restarted.stale.sweep(now + PROBE_WINDOW_MS + 1_000);
        expect(await status(user.id, gone.id)).toBe('OFFLINE');
        await expect.poll(() => status(user.id, quiet.id)).toBe('ONLINE');
        const history = (await ext.f.call(user.id, 'GET', `/iot/v2/devices/${gone.id}/status`)).json().events;
        expect(history[0].value).toBe('DISCONNECTED');
      } finally {
        await restarted.close();
      }
    });

    it('keeps a device in the trash shut out when probing it, and marks it offline', async () => {
      const user = await ext.t.createUser();
      const trashed = await ext.f.deviceWithKey(user.id);
      expect((await ext.f.call(user.id, 'DELETE', `/iot/v2/devices/${trashed.id}`)).statusCode).toBe(200);
      await leftOnline(trashed.id);
      const sweep = ext.t.connectivity?.mode === 'external' ? ext.t.connectivity.stale : null;
      if (!sweep) throw new Error('expected the external broker');
      const now = Date.now();
      await sweep.sweep(now);
      const refused = await ext.f.connectDevice(trashed).catch((err: { code?: number }) => err.code);
      expect(refused).toBe(5);
      await sweep.sweep(now + PROBE_WINDOW_MS + 1_000);
      const [row] = await ext.t.db.select().from(iotDevices).where(eq(iotDevices.id, trashed.id));
      expect(row?.status).toBe('OFFLINE');
    });

    it('leaves alone a device whose values show it is there', async () => {
      const user = await ext.t.createUser();
      const busy = await ext.f.deviceWithKey(user.id);
      await leftOnline(busy.id);
      const sweep = ext.t.connectivity?.mode === 'external' ? ext.t.connectivity.stale : null;
      if (!sweep) throw new Error('expected the external broker');
      // A command from a device this process never saw connect counts as activity.
      sweep.seen(busy.id);
      await sweep.sweep(Date.now());
      await sweep.sweep(Date.now() + PROBE_WINDOW_MS + 1_000);
      expect(await status(user.id, busy.id)).toBe('ONLINE');
    });
  },
);

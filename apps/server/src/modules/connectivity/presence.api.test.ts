import { type Socket, connect as tcpConnect } from 'node:net';
import { endConnection } from '@tinkercloud/device-protocol/simulator';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { telemetryStoreFor } from '../../app.ts';
import { iotDevices } from '../../db/schema/index.ts';
import { createConnectivityRepository } from './connectivity.repository.ts';
import { createConnectivity } from './connectivity.ts';
import { useEmbeddedBroker } from './testing/embedded-broker-fixture.ts';

const broker = useEmbeddedBroker();

async function history(userId: string, deviceId: string): Promise<string[]> {
  const res = await broker.f.call(userId, 'GET', `/iot/v2/devices/${deviceId}/status`);
  expect(res.statusCode).toBe(200);
  return (res.json().events as { value: string }[]).map((e) => e.value).reverse();
}

async function status(userId: string, deviceId: string): Promise<string> {
  return (await broker.f.call(userId, 'GET', `/iot/v2/devices/${deviceId}`)).json().device_status;
}

/** An MQTT 3.1.1 CONNECT written by hand: a client that says hello and then falls silent. */
function connectPacket(clientId: string, username: string, password: string, keepalive: number): Buffer {
  const str = (s: string) => {
    const b = Buffer.from(s, 'utf8');
    return Buffer.concat([Buffer.from([b.length >> 8, b.length & 0xff]), b]);
  };
  const body = Buffer.concat([
    str('MQTT'),
    Buffer.from([4, 0xc2, keepalive >> 8, keepalive & 0xff]),
    str(clientId),
    str(username),
    str(password),
  ]);
  return Buffer.concat([Buffer.from([0x10, body.length]), body]);
}

describe('device status', () => {
  it('is ONLINE while connected and OFFLINE after a clean disconnect, both in the status history', async () => {
    const user = await broker.t.createUser();
    const device = await broker.f.deviceWithKey(user.id);
    expect(await status(user.id, device.id)).toBe('UNKNOWN');
    const client = await broker.f.connectDevice(device);
    await expect.poll(() => status(user.id, device.id)).toBe('ONLINE');
    expect(await history(user.id, device.id)).toEqual(['CONNECTED']);
    const shown = (await broker.f.call(user.id, 'GET', `/iot/v2/devices/${device.id}`)).json();
    expect(shown.last_activity_at).toEqual(expect.any(String));
    // A clean DISCONNECT, bounded should the broker never close the connection.
    await endConnection(client, 5_000);
    await expect.poll(() => status(user.id, device.id)).toBe('OFFLINE');
    expect(await history(user.id, device.id)).toEqual(['CONNECTED', 'DISCONNECTED']);
  });

  it('goes OFFLINE when the socket drops without a DISCONNECT', async () => {
    const user = await broker.t.createUser();
    const device = await broker.f.deviceWithKey(user.id);
    const client = await broker.f.connectDevice(device);
    await expect.poll(() => status(user.id, device.id)).toBe('ONLINE');
    client.stream.destroy();
    await expect.poll(() => status(user.id, device.id)).toBe('OFFLINE');
    expect(await history(user.id, device.id)).toEqual(['CONNECTED', 'DISCONNECTED']);
  });

  it('goes OFFLINE once a silent device misses its keepalive (1.5 times the keepalive)', async () => {
    const user = await broker.t.createUser();
    const device = await broker.f.deviceWithKey(user.id);
    const socket: Socket = tcpConnect(broker.f.port(), '127.0.0.1');
    const connack = new Promise<Buffer>((resolve) => socket.once('data', resolve));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(connectPacket(device.id, device.id, device.secret, 1));
    expect([...(await connack)]).toEqual([0x20, 0x02, 0x00, 0x00]);
    await expect.poll(() => status(user.id, device.id)).toBe('ONLINE');
    // No PINGREQ ever comes: the broker ends the session after 1.5 s.
    await ended;
    await expect.poll(() => status(user.id, device.id)).toBe('OFFLINE');
    expect(await history(user.id, device.id)).toEqual(['CONNECTED', 'DISCONNECTED']);
  });

  it('marks the onboarding of a device provisioned when the device first connects', async () => {
    const user = await broker.t.createUser();
    const device = await broker.f.deviceWithKey(user.id);
    const started = await broker.f.call(user.id, 'POST', '/provisioning/v1/onboarding', {
      device_id: device.id,
    });
    expect(started.statusCode).toBe(201);
    expect(started.json().provisioned_at).toBeNull();
    await broker.f.connectDevice(device);
    await expect
      .poll(
        async () =>
          (await broker.f.call(user.id, 'GET', '/provisioning/v1/onboarding')).json().onboardings[0],
      )
      .toMatchObject({ id: started.json().id, provisioned_at: expect.any(String) });
  });

  it('stays ONLINE when a device reconnects and pushes its old connection off', async () => {
    const user = await broker.t.createUser();
    const device = await broker.f.deviceWithKey(user.id);
    const first = await broker.f.connectDevice(device);
    await expect.poll(() => status(user.id, device.id)).toBe('ONLINE');
    const second = await broker.f.connectDevice(device);
    expect(second.connected).toBe(true);
    await expect.poll(() => first.connected).toBe(false);
    await expect.poll(() => status(user.id, device.id)).toBe('ONLINE');
  });

  it('marks devices offline at start when the database holds them online without a session', async () => {
    const user = await broker.t.createUser();
    const device = await broker.f.deviceWithKey(user.id);
    await broker.t.db.update(iotDevices).set({ status: 'ONLINE' }).where(eq(iotDevices.id, device.id));
    const restarted = await createConnectivity({
      config: broker.t.config,
      db: broker.t.db,
      logger: pino({ level: 'silent' }),
      telemetry: telemetryStoreFor(broker.t.config, broker.t.database),
    });
    try {
      await restarted.start({ userOfAccessToken: async () => Promise.reject(new Error('unused')) });
      expect(await status(user.id, device.id)).toBe('OFFLINE');
      expect(await history(user.id, device.id)).toEqual(['DISCONNECTED']);
      await expect(restarted.health()).resolves.toBeUndefined();
    } finally {
      await restarted.close();
    }
    // Closed, the broker reports an outage to the status feed.
    await expect(restarted.health()).rejects.toThrow();
  });
});

describe('status feed', () => {
  it('lists the broker as a component, operational while it listens', async () => {
    const res = await broker.t.app.inject({ method: 'GET', url: '/status/api/v2/status.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().components).toContainEqual({ name: 'Broker', status: 'operational' });
  });
});

describe('device status written in bulk', () => {
  it('connects many devices at once: each ONLINE with one CONNECTED row, then OFFLINE with one DISCONNECTED', async () => {
    const user = await broker.t.createUser();
    const devices = await Promise.all(Array.from({ length: 12 }, () => broker.f.deviceWithKey(user.id)));
    // Connected together, their status writes share transactions.
    const clients = await Promise.all(devices.map((d) => broker.f.connectDevice(d)));
    for (const d of devices) await expect.poll(() => status(user.id, d.id)).toBe('ONLINE');
    await Promise.all(clients.map((c) => c.endAsync()));
    for (const d of devices) {
      await expect.poll(() => status(user.id, d.id)).toBe('OFFLINE');
      expect(await history(user.id, d.id)).toEqual(['CONNECTED', 'DISCONNECTED']);
    }
  });

  it('changes only the devices not already in the status asked, and records only theirs', async () => {
    const user = await broker.t.createUser();
    const [a, b] = await Promise.all([broker.f.deviceWithKey(user.id), broker.f.deviceWithKey(user.id)]);
    const repo = createConnectivityRepository(broker.t.db);
    const at = new Date();
    expect(await repo.setStatuses([{ deviceId: a.id, status: 'ONLINE', at }])).toEqual(new Set([a.id]));
    const changed = await repo.setStatuses([
      { deviceId: a.id, status: 'ONLINE', at },
      { deviceId: b.id, status: 'ONLINE', at },
    ]);
    expect(changed).toEqual(new Set([b.id]));
    expect(await history(user.id, a.id)).toEqual(['CONNECTED']);
    expect(await history(user.id, b.id)).toEqual(['CONNECTED']);
    expect(await status(user.id, b.id)).toBe('ONLINE');
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TLSSocket, connect as tlsConnect } from 'node:tls';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeCsr } from '../iot/certs/testing/csr.ts';
import { mqttFixtures } from './testing/mqtt-fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'tc-mqtt-tls-'));
const cert = join(dir, 'cert.pem');
const key = join(dir, 'key.pem');
let t: TestApp;
let f: ReturnType<typeof mqttFixtures>;
beforeAll(async () => {
  // A self-signed certificate for 127.0.0.1, as an operator would configure one.
  execFileSync(
    'openssl',
    [
      ...[
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
      ],
      ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert],
    ],
    { stdio: 'ignore' },
  );
  t = await createTestApp(
    { MQTT_TLS_PORT: '0', MQTT_TLS_CERT_FILE: cert, MQTT_TLS_KEY_FILE: key },
    { broker: true },
  );
  f = mqttFixtures(t);
});
afterAll(async () => {
  await f?.closeAll();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('MQTT over TLS', () => {
  it('accepts a device on the TLS listener with the configured certificate', async () => {
    const user = await t.createUser();
    const device = await f.deviceWithKey(user.id);
    const tlsPort = t.connectivity?.listening?.tlsPort;
    expect(tlsPort).toEqual(expect.any(Number));
    const client = await connectAsync(`mqtts://127.0.0.1:${tlsPort}`, {
      protocolVersion: 4,
      clientId: device.id,
      username: device.id,
      password: device.secret,
      ca: readFileSync(cert),
      reconnectPeriod: 0,
    });
    try {
      expect(client.connected).toBe(true);
      await expect
        .poll(async () => (await f.call(user.id, 'GET', `/iot/v2/devices/${device.id}`)).json().device_status)
        .toBe('ONLINE');
    } finally {
      await client.endAsync(true);
    }
  });

  it('accepts a device by a client certificate of the device CA (CN = device id) while it is enabled', async () => {
    const user = await t.createUser();
    const device = await f.device(user.id);
    const other = await f.device(user.id);
    const csr = await makeCsr();
    const issued = (
      await f.call(user.id, 'PUT', `/iot/v2/devices/${device.id}/certs`, { csr: csr.pem, enabled: true })
    ).json();
    const tlsPort = t.connectivity?.listening?.tlsPort;
    const deviceKey = csr.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
    const withCert = (clientId: string, identity = { cert: issued.pem as string, key: deviceKey }) =>
      connectAsync(`mqtts://127.0.0.1:${tlsPort}`, {
        protocolVersion: 4,
        clientId,
        username: clientId,
        ca: readFileSync(cert),
        ...identity,
        reconnectPeriod: 0,
      });
    const refusal = (p: ReturnType<typeof withCert>) =>
      p.then(
        async (c) => {
          await c.endAsync(true);
          return 0;
        },
        (err: { code?: number }) => err.code ?? -1,
      );

    const client = await withCert(device.id);
    try {
      expect(client.connected).toBe(true);
      await expect
        .poll(async () => (await f.call(user.id, 'GET', `/iot/v2/devices/${device.id}`)).json().device_status)
        .toBe('ONLINE');
    } finally {
      await client.endAsync(true);
    }
    // The certificate names its device: another client id is refused.
    expect(await refusal(withCert(other.id))).toBe(2);
    // Disabled: refused. A certificate of a CA we do not trust logs nobody in (and there is no password).
    await f.call(user.id, 'POST', `/iot/v2/devices/${device.id}/certs/${issued.id}`, { enabled: false });
    expect(await refusal(withCert(device.id))).toBe(4);
    const foreign = { cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') };
    expect(await refusal(withCert(device.id, foreign))).toBe(5);
  });

  it('resumes no TLS session: a client offering its last session gets a full handshake', async () => {
    const tlsPort = t.connectivity?.listening?.tlsPort as number;
    /** Connects, waits for what the server sends after the handshake (TLS 1.3 tickets), and closes. */
    const handshake = (session?: Buffer) =>
      new Promise<{ reused: boolean; session: Buffer | undefined }>((resolve, reject) => {
        let last: Buffer | undefined;
        const socket: TLSSocket = tlsConnect({
          host: '127.0.0.1',
          port: tlsPort,
          ca: readFileSync(cert),
          session,
        });
        socket.on('session', (s: Buffer) => {
          last = s;
        });
        socket.once('error', reject);
        socket.once('secureConnect', () => {
          const reused = socket.isSessionReused();
          // Tickets come after the handshake; a short wait lets them arrive before the socket closes.
          setTimeout(() => {
            socket.destroy();
            resolve({ reused, session: last });
          }, 200);
        });
      });
    const first = await handshake();
    expect(first.reused).toBe(false);
    // TLS 1.3 still sends a (stateful) ticket; the server keeps no session to resume it against.
    const second = await handshake(first.session);
    expect(second.reused).toBe(false);
  });
});

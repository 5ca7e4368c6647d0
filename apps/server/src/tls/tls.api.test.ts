import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { mqttFixtures } from '../modules/connectivity/testing/mqtt-fixtures.ts';
import type { generatedSource } from './certificate-source.ts';
import { ensureLocalCertificates, SERVER_VALIDITY_DAYS } from './local-ca.ts';
import { certificateNames } from './names.ts';
import { httpsGet, loopbackLookup, tlsPeer } from './testing/tls-probe.ts';

const DAY = 86_400_000;
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tc-tls-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('TLS out of the box (no certificate configured)', () => {
  let t: TestApp;
  let f: ReturnType<typeof mqttFixtures>;
  let ca: string;
  let nearEnd: X509Certificate;
  beforeAll(async () => {
    const dataDir = freshDir();
    // A certificate left from an earlier run, 10 days from its end: the server renews it at start.
    // The same names as the app's (PUBLIC_URL below, bound to 127.0.0.1): only its end makes it go.
    const names = certificateNames({
      publicUrl: 'http://localhost:8080',
      bindHosts: ['127.0.0.1'],
      extraHosts: [],
    });
    const old = await ensureLocalCertificates({
      dir: path.join(dataDir, 'tls'),
      names,
      organization: 'Tinkercloud',
      validityDays: 10,
    });
    nearEnd = new X509Certificate(old.certPem);
    t = await createTestApp(
      { DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:8080' },
      { broker: true, tls: true },
    );
    f = mqttFixtures(t);
    ca = readFileSync(path.join(dataDir, 'tls', 'ca.pem'), 'utf8');
    expect(t.certificates.caFile).toBe(path.join(dataDir, 'tls', 'ca.pem'));
  });
  afterAll(async () => {
    await f?.closeAll();
    await t?.close();
  });
  const mqttTlsPort = () => t.connectivity?.listening?.tlsPort as number;
  const httpsPort = () => t.https?.port as number;

  it('serves a certificate of the local CA for every name Arduino clients dial, renewed at start near its end', async () => {
    expect(mqttTlsPort()).toEqual(expect.any(Number));
    for (const name of ['localhost', 'mqtts-up.localhost', 'wss.localhost']) {
      for (const port of [mqttTlsPort(), httpsPort()]) {
        const peer = await tlsPeer(port, name, ca);
        expect(peer, `${name}:${port}`).toMatchObject({ authorized: true });
        expect(peer.serial.toLowerCase()).not.toBe(nearEnd.serialNumber.toLowerCase());
      }
    }
    // Trusting only the system's CAs, the same certificate is refused: the CA is what clients add.
    expect((await tlsPeer(httpsPort(), 'localhost')).authorized).toBe(false);
    const served = new X509Certificate(t.certificates.server?.current().cert as string);
    expect(served.validTo).not.toBe(nearEnd.validTo);
    expect(new Date(served.validTo).getTime() - Date.now()).toBeGreaterThan((SERVER_VALIDITY_DAYS - 1) * DAY);
  });

  it('answers the same app over HTTPS', async () => {
    const res = await httpsGet(httpsPort(), 'wss.localhost', '/healthz', ca);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ status: 'ok' });
  });

  it('logs a device in over MQTT TLS at mqtts-up.localhost, trusting only the CA', async () => {
    const user = await t.createUser();
    const device = await f.deviceWithKey(user.id);
    const client = await connectAsync(`mqtts://mqtts-up.localhost:${mqttTlsPort()}`, {
      protocolVersion: 4,
      clientId: device.id,
      username: device.id,
      password: device.secret,
      ca,
      lookup: loopbackLookup,
      reconnectPeriod: 0,
    } as Parameters<typeof connectAsync>[1]);
    try {
      await expect
        .poll(async () => (await f.call(user.id, 'GET', `/iot/v2/devices/${device.id}`)).json().device_status)
        .toBe('ONLINE');
    } finally {
      await client.endAsync(true);
    }
  });

  it('carries MQTT over WebSocket at wss://wss.localhost/mqtt for applications', async () => {
    const user = await t.createUser();
    const client = await connectAsync(`wss://wss.localhost:${httpsPort()}/mqtt`, {
      protocolVersion: 4,
      clientId: user.id,
      username: user.id,
      password: await t.tokenFor(user.id),
      ca,
      wsOptions: { lookup: loopbackLookup },
      reconnectPeriod: 0,
    });
    try {
      expect(client.connected).toBe(true);
      // A bad token is refused there as on the plain listener.
      const refused = await connectAsync(`wss://wss.localhost:${httpsPort()}/mqtt`, {
        protocolVersion: 4,
        clientId: user.id,
        username: user.id,
        password: 'not-a-token',
        ca,
        wsOptions: { lookup: loopbackLookup },
        reconnectPeriod: 0,
      }).then(
        async (c) => {
          await c.endAsync(true);
          return 0;
        },
        (err: { code?: number }) => err.code ?? -1,
      );
      expect(refused).toBe(4);
    } finally {
      await client.endAsync(true);
    }
  });

  it('swaps in a renewed certificate on both listeners without a restart', async () => {
    const source = t.certificates.server as Awaited<ReturnType<typeof generatedSource>>;
    const before = (await tlsPeer(httpsPort(), 'localhost', ca)).serial;
    expect(await source.renew()).toBe(false);
    // The server's clock 70 days on: inside the renewal window.
    expect(await source.renew(new Date(Date.now() + 70 * DAY))).toBe(true);
    const renewed = new X509Certificate(source.current().cert).serialNumber.toLowerCase();
    expect(renewed).not.toBe(before.toLowerCase());
    expect((await tlsPeer(httpsPort(), 'localhost', ca)).serial.toLowerCase()).toBe(renewed);
    expect((await tlsPeer(mqttTlsPort(), 'mqtts-up.localhost', ca)).serial.toLowerCase()).toBe(renewed);
  });
});

describe('operator certificates', () => {
  let t: TestApp;
  let dir: string;
  const pairs: { ca: string; cert: string; key: string }[] = [];
  beforeAll(async () => {
    dir = freshDir();
    // Two certificates of two different CAs, as a certificate manager would replace one by the other.
    for (const label of ['first', 'second']) {
      const made = await ensureLocalCertificates({
        dir: path.join(dir, label),
        names: ['iot.example.org', 'mqtts-up.iot.example.org', 'wss.iot.example.org'],
        organization: `Operator ${label}`,
      });
      pairs.push({ ca: made.caPem, cert: made.certPem, key: made.keyPem });
    }
    writeFileSync(path.join(dir, 'cert.pem'), pairs[0]?.cert as string);
    writeFileSync(path.join(dir, 'key.pem'), pairs[0]?.key as string);
    t = await createTestApp(
      { TLS_CERT_FILE: path.join(dir, 'cert.pem'), TLS_KEY_FILE: path.join(dir, 'key.pem') },
      { broker: true, tls: true },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the files and picks up their replacement without a restart, on HTTPS and MQTT over TLS', async () => {
    const ports = [t.https?.port as number, t.connectivity?.listening?.tlsPort as number];
    const [first, second] = pairs as [(typeof pairs)[0], (typeof pairs)[0]];
    expect(t.certificates.caFile).toBeNull();
    for (const port of ports) {
      expect(await tlsPeer(port, 'mqtts-up.iot.example.org', first.ca)).toMatchObject({ authorized: true });
    }
    // A half-written pair (the new certificate, the old key) is not served: the old pair stays.
    writeFileSync(path.join(dir, 'cert.pem'), second.cert);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await tlsPeer(ports[0] as number, 'wss.iot.example.org', first.ca)).toMatchObject({
      authorized: true,
    });
    writeFileSync(path.join(dir, 'key.pem'), second.key);
    for (const port of ports) {
      await expect
        .poll(async () => (await tlsPeer(port, 'wss.iot.example.org', second.ca)).authorized)
        .toBe(true);
    }
  });
});

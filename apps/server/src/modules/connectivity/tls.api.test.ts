import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
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
});

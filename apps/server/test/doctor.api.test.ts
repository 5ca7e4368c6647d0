/**
 * `npm run doctor` (issue 15 item 2) against a real started server: `src/main.ts` in a process of its own with TLS
 * out of the box, on a PostgreSQL database this test also opens to make the account and API key the doctor logs
 * in with. `*.localhost` names resolve to loopback through the preload the arduino-iot-js test uses (what the
 * printed hosts-file lines do on a machine).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iotFixtures } from '../src/modules/iot/testing/iot-fixtures.ts';
import { ensureLocalCertificates } from '../src/tls/local-ca.ts';
import { createTestApp, type TestApp } from './app.ts';
import { freePort } from './free-port.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const run = promisify(execFile);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const preload = path.join(root, 'apps/server/src/tls/testing/loopback-names.cjs');
// A second process needs a database two processes can open: PGlite is one process's.
const onServer = Boolean(process.env.DATABASE_URL);
if (!onServer) console.warn('doctor test skipped: it needs DATABASE_URL (a PostgreSQL server)');

describe.skipIf(!onServer)('npm run doctor', () => {
  let t: TestApp;
  let server: ServerProcess;
  let key: { client_id: string; client_secret: string };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tc-doctor-'));
  const ports = { https: 0, mqttTls: 0 };
  beforeAll(async () => {
    t = await createTestApp();
    const f = iotFixtures(t);
    const owner = await t.createUser();
    await f.grantPlan(owner.id, 'create-maker');
    key = (await f.call(owner.id, 'POST', '/iot/v1/clients', { name: 'doctor' })).json();
    ports.https = await freePort();
    ports.mqttTls = await freePort();
    server = await startServerProcess(
      {
        DATABASE_URL: t.databaseUrl as string,
        DATA_DIR: dataDir,
        TLS: 'on',
        HTTPS_PORT: String(ports.https),
        MQTT_TLS_PORT: String(ports.mqttTls),
        MQTT_PORT: String(await freePort()),
      },
      { publicHost: 'localhost' },
    );
  });
  afterAll(async () => {
    await server?.stop();
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const doctor = (
    args: string[],
    opts: { preload?: boolean; env?: Record<string, string>; ports?: boolean } = {},
  ) =>
    run(
      process.execPath,
      [
        ...(opts.preload === false ? [] : ['--require', preload]),
        path.join(root, 'scripts/doctor.mjs'),
        '--url',
        server.url.replace('127.0.0.1', 'localhost'),
        ...(opts.ports === false
          ? []
          : ['--https-port', String(ports.https), '--mqtt-port', String(ports.mqttTls)]),
        ...args,
      ],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, ...opts.env }, timeout: 90_000 },
    ).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (err: { code: number; stdout: string }) => ({ code: err.code, stdout: err.stdout }),
    );

  it('passes on a fresh server: names, certificate, MQTT TLS, WSS, a device and an application logging in', async () => {
    const result = await doctor(['--client-id', key.client_id, '--client-secret', key.client_secret]);
    expect(result.stdout).toContain('All checks passed.');
    expect(result.code).toBe(0);
    for (const line of [
      /ok {4}mqtts-up\.localhost resolves/,
      /ok {4}certificate of wss\.localhost:\d+ trusted and valid/,
      /ok {4}certificate of mqtts-up\.localhost:\d+ trusted and valid/,
      /ok {4}MQTT answers at wss:\/\/wss\.localhost:\d+\/mqtt/,
      /ok {4}application logs in at wss:\/\/wss\.localhost/,
      /ok {4}device logs in at mqtts:\/\/mqtts-up\.localhost/,
    ]) {
      expect(result.stdout).toMatch(line);
    }
  });

  it('checks the TLS ports the server reports when none is given (a taken default falls back to another)', async () => {
    const result = await doctor([], { ports: false });
    expect(result.stdout).toContain(`device port ${ports.mqttTls}, application port ${ports.https}`);
    expect(result.stdout).toMatch(
      new RegExp(`ok {4}certificate of mqtts-up\\.localhost:${ports.mqttTls} trusted`),
    );
    expect(result.stdout).toMatch(
      new RegExp(`ok {4}MQTT answers at wss://wss\\.localhost:${ports.https}/mqtt`),
    );
  });

  it('says what to fix: names that do not resolve, a CA the client does not trust, a wrong API key', async () => {
    const unresolved = await doctor(['--host', 'doctor-check.invalid']);
    expect(unresolved.code).toBe(1);
    expect(unresolved.stdout).toMatch(
      /FAIL {2}mqtts-up\.doctor-check\.invalid does not resolve\n {8}fix: add a DNS record, or the hosts-file line/,
    );

    // Trusting another CA than the server's.
    const other = await ensureLocalCertificates({
      dir: path.join(dataDir, 'other'),
      names: ['x'],
      organization: 'Other',
    });
    const untrusted = await doctor(['--ca', other.caFile]);
    expect(untrusted.code).toBe(1);
    expect(untrusted.stdout).toMatch(/FAIL {2}certificate of mqtts-up\.localhost:\d+ is not trusted/);

    const wrongKey = await doctor(['--client-id', key.client_id, '--client-secret', 'not-the-secret']);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stdout).toMatch(/FAIL {2}token from .* refused \(401\)\n {8}fix: check the API key/);
  });
});

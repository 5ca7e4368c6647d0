/**
 * Issue 15 item 1, checked with the official client: arduino-iot-js 0.13.0, unmodified, in a process of its own,
 * connects in device and application mode to the server's TLS listeners with only the host, the port and the
 * trusted CA changed (NODE_EXTRA_CA_CERTS), dialling the names it derives itself (`mqtts-up.localhost`,
 * `wss.localhost`; resolved to loopback as the printed hosts-file lines would).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { useEmbeddedBroker } from '../modules/connectivity/testing/embedded-broker-fixture.ts';

const run = promisify(execFile);
const here = path.dirname(new URL(import.meta.url).pathname);
const broker = useEmbeddedBroker({ tls: true });

it('arduino-iot-js connects as a device and as an application over TLS, trusting only the printed CA', async () => {
  const { t, f } = broker;
  const owner = await t.createUser();
  await f.grantPlan(owner.id, 'create-maker');
  const key = (await f.call(owner.id, 'POST', '/iot/v1/clients', { name: 'tls' })).json();
  const device = await f.deviceWithKey(owner.id);
  const thing = await f.thingWith(
    owner.id,
    [
      { name: 'temperature', type: 'TEMPERATURE_C' },
      { name: 'message', type: 'CHARSTRING' },
    ],
    { deviceId: device.id },
  );
  const httpsPort = t.https?.port as number;
  const options = {
    host: 'localhost',
    devicePort: t.connectivity?.listening?.tlsPort,
    appPort: httpsPort,
    deviceId: device.id,
    secretKey: device.secret,
    clientId: key.client_id,
    clientSecret: key.client_secret,
    apiUrl: `https://localhost:${httpsPort}/iot/v1/clients/token`,
    thingId: thing.id,
  };
  const { stdout } = await run(
    process.execPath,
    [
      '--require',
      path.join(here, 'testing/loopback-names.cjs'),
      path.join(here, 'testing/arduino-iot-js-client.cjs'),
      JSON.stringify(options),
    ],
    { env: { ...process.env, NODE_EXTRA_CA_CERTS: t.certificates.caFile as string }, timeout: 60_000 },
  );
  // The library logs lines of its own ("found association…"): the script's results are the JSON ones.
  const results = stdout.split('\n').filter((l) => l.startsWith('{'));
  expect(results.map((l) => JSON.parse(l))).toEqual([
    { device: 'connected' },
    { application: 'connected' },
    { deviceReceived: 'over TLS' },
  ]);
  const values = async () => {
    const props = (await f.call(owner.id, 'GET', `/iot/v2/things/${thing.id}/properties`)).json() as {
      name: string;
      last_value: unknown;
    }[];
    return Object.fromEntries(props.map((p) => [p.name, p.last_value]));
  };
  await expect.poll(values).toEqual({ temperature: 22.5, message: 'over TLS' });
});

it('is refused by the same library without the CA: the certificate is what it must trust', async () => {
  const { t, f } = broker;
  const owner = await t.createUser();
  const device = await f.deviceWithKey(owner.id);
  await f.thingWith(owner.id, [{ name: 'temperature', type: 'TEMPERATURE_C' }], { deviceId: device.id });
  const options = {
    host: 'localhost',
    devicePort: t.connectivity?.listening?.tlsPort,
    deviceId: device.id,
    secretKey: device.secret,
  };
  const env = { ...process.env };
  delete env.NODE_EXTRA_CA_CERTS;
  const failed = await run(
    process.execPath,
    [
      '--require',
      path.join(here, 'testing/loopback-names.cjs'),
      path.join(here, 'testing/arduino-iot-js-client.cjs'),
      JSON.stringify(options),
    ],
    { env, timeout: 30_000 },
  ).then(
    () => null,
    (err: { code?: number; stderr?: string }) => err,
  );
  expect(failed?.code).toBe(1);
  expect(failed?.stderr).toMatch(/connection failed/);
});

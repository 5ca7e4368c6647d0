// `npm run doctor`: checks a running server as Arduino's clients see it (issue 15 item 2) and prints what to fix.
// arduino-iot-js dials mqtts://mqtts-up.<host>:<port> (devices) and wss://wss.<host>:<port>/mqtt (applications):
// those names must resolve, the certificate must be trusted and valid for each, both listeners must answer MQTT,
// and a device and an application must be able to log in. Exit code 0 when nothing failed.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { handshake, httpsRequest, mqttConnect, reportedPorts, resolve, trustWith } from './doctor/probes.mjs';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    host: { type: 'string' },
    'https-port': { type: 'string' },
    'mqtt-port': { type: 'string' },
    ca: { type: 'string' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (args.help) {
  console.log(`npm run doctor -- [--url URL] [--host NAME] [--https-port N] [--mqtt-port N] [--ca FILE]
                      [--client-id ID --client-secret SECRET]
  --url        the server's address (default: PUBLIC_URL, else http://localhost:8080)
  --host       the host given to arduino-iot-js (default: the URL's host)
  --https-port HTTPS and WSS port (default: the one the server reports, else HTTPS_PORT, else 8443)
  --mqtt-port  MQTT over TLS port (default: the one the server reports, else MQTT_TLS_PORT, else 8884)
  --ca         the CA clients trust besides the system's (default: DATA_DIR/tls/ca.pem when it exists)
  --client-id, --client-secret  an API key (or DOCTOR_CLIENT_ID, DOCTOR_CLIENT_SECRET): checks an application
               login, and a device login with a temporary device it creates and deletes`);
  process.exit(0);
}

const url = (args.url ?? process.env.PUBLIC_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const host = (args.host ?? new URL(url).hostname).replace(/^\[(.*)\]$/, '$1');
// A server whose default port was taken listens on the next free one, and says which in its web app config.
const reported = await reportedPorts(url);
const httpsPort = Number(args['https-port'] ?? reported.https ?? process.env.HTTPS_PORT ?? 8443);
const mqttPort = Number(args['mqtt-port'] ?? reported.mqttTls ?? process.env.MQTT_TLS_PORT ?? 8884);
const localCa = path.join(process.env.DATA_DIR ?? './data', 'tls', 'ca.pem');
const caFile = args.ca ?? (existsSync(localCa) ? localCa : null);
if (caFile && !existsSync(caFile)) {
  console.error(`--ca ${caFile}: no such file`);
  process.exit(2);
}
// NODE_EXTRA_CA_CERTS is what Node.js clients (arduino-iot-js) would trust too; a missing file is ignored, as Node does.
const extraCas = [caFile, process.env.NODE_EXTRA_CA_CERTS]
  .filter((f) => f && existsSync(f))
  .map((f) => readFileSync(f, 'utf8'));
const ca = trustWith(extraCas);
const clientId = args['client-id'] ?? process.env.DOCTOR_CLIENT_ID;
const clientSecret = args['client-secret'] ?? process.env.DOCTOR_CLIENT_SECRET;

let failures = 0;
const pass = (what) => console.log(`  ok    ${what}`);
const fail = (what, fix) => {
  failures += 1;
  console.log(`  FAIL  ${what}\n        fix: ${fix}`);
};
const skip = (what, why) => console.log(`  skip  ${what} (${why})`);

const deviceName = `mqtts-up.${host}`;
const appName = `wss.${host}`;
const trustFix = caFile
  ? `clients must trust the CA the server made: NODE_EXTRA_CA_CERTS=${path.resolve(caFile)} for Node.js, or import it as an authority`
  : 'pass the CA clients trust with --ca, or give the server a certificate of a public CA (TLS_CERT_FILE / TLS_CERT_DIR)';

console.log(
  `Checking ${url} as arduino-iot-js sees host "${host}" (device port ${mqttPort}, application port ${httpsPort})`,
);
console.log(
  caFile ? `  trusting the system's CAs and ${path.resolve(caFile)}` : "  trusting the system's CAs",
);

// 1. The server itself.
try {
  const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) });
  if (res.ok) pass(`${url}/healthz answers`);
  else
    fail(
      `${url}/healthz answers ${res.status}`,
      'look at the server log: the database or broker is not ready',
    );
} catch (err) {
  fail(
    `${url} does not answer (${err.cause?.code ?? err.message})`,
    'start the server (npm start), or point --url at it',
  );
}

// 2. Names.
const resolved = new Map();
if (isIP(host)) {
  fail(
    `"${host}" is an address: arduino-iot-js derives ${deviceName} and ${appName} from the host`,
    'give the server a host name (PUBLIC_URL=http://<name>:<port>) and clients that name',
  );
} else {
  const hostAddresses = await resolve(host);
  for (const name of [host, deviceName, appName]) {
    const addresses = name === host ? hostAddresses : await resolve(name);
    resolved.set(name, addresses);
    if (addresses) pass(`${name} resolves (${addresses.join(', ')})`);
    else {
      const target = host === 'localhost' ? '127.0.0.1' : (hostAddresses?.[0] ?? `<the server's address>`);
      fail(`${name} does not resolve`, `add a DNS record, or the hosts-file line "${target} ${name}"`);
    }
  }
}

// 3. The certificate, for each name on the port that name is dialled on.
const certificateOk = new Map();
for (const [name, port] of [
  [host, httpsPort],
  [appName, httpsPort],
  [deviceName, mqttPort],
]) {
  if (!resolved.get(name)) {
    skip(`certificate of ${name}:${port}`, 'the name does not resolve');
    continue;
  }
  const peer = await handshake(name, port, ca);
  certificateOk.set(name, peer.ok);
  if (peer.ok) {
    const days = Math.floor((peer.notAfter.getTime() - Date.now()) / 86_400_000);
    if (days < 14)
      fail(
        `certificate of ${name}:${port} ends in ${days} days`,
        'renew it (the generated one renews itself 30 days ahead: restart the server if it did not)',
      );
    else pass(`certificate of ${name}:${port} trusted and valid for the name (${days} days left)`);
  } else if (peer.code === 'ECONNREFUSED' || peer.code === 'ETIMEDOUT') {
    fail(
      `nothing answers TLS on ${name}:${port} (${peer.code})`,
      port === mqttPort
        ? 'check MQTT_TLS_PORT and TLS (not off), or pass --mqtt-port'
        : 'check HTTPS_PORT and TLS (not off), or pass --https-port',
    );
  } else if (peer.code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    fail(
      `certificate of ${name}:${port} does not cover ${name} (it names ${peer.names})`,
      `with the generated certificate set PUBLIC_URL's host (or TLS_HOSTS) to ${host}; with your own, add ${name} (or *.${host}) to it`,
    );
  } else if (peer.code === 'CERT_HAS_EXPIRED') {
    fail(
      `certificate of ${name}:${port} has expired`,
      'renew it, or restart the server to renew the generated one',
    );
  } else {
    fail(`certificate of ${name}:${port} is not trusted (${peer.code})`, trustFix);
  }
}

// 4. MQTT over TLS and over WSS answer (an anonymous CONNECT is refused with 5: the broker is there).
const deviceUrl = `mqtts://${deviceName}:${mqttPort}`;
const appUrl = `wss://${appName}:${httpsPort}/mqtt`;
for (const [name, target] of [
  [deviceName, deviceUrl],
  [appName, appUrl],
]) {
  if (!certificateOk.get(name)) {
    skip(`MQTT at ${target}`, 'the certificate check did not pass');
    continue;
  }
  const answer = await mqttConnect(target, { clientId: `doctor-${randomBytes(4).toString('hex')}` }, ca);
  if ('code' in answer) pass(`MQTT answers at ${target}`);
  else
    fail(
      `no MQTT at ${target} (${answer.error})`,
      'a proxy in front must pass MQTT (TCP) and WebSocket upgrades at /mqtt through',
    );
}

// 5. Logins: an application with an API key's token, a temporary device with a secret key.
if (!clientId || !clientSecret) {
  skip(
    'device and application logins',
    'give an API key: --client-id and --client-secret, or DOCTOR_CLIENT_ID and DOCTOR_CLIENT_SECRET',
  );
} else if (!certificateOk.get(host) || !certificateOk.get(appName) || !certificateOk.get(deviceName)) {
  skip('device and application logins', 'the certificate checks did not pass');
} else {
  await logins();
}

async function logins() {
  const api = `https://${host}:${httpsPort}`;
  const tokenRes = await httpsRequest(
    `${api}/iot/v1/clients/token`,
    {
      method: 'POST',
      form: {
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
        audience: 'https://api2.arduino.cc/iot',
      },
    },
    ca,
  );
  const token = tokenRes.json?.access_token;
  if (!token) {
    fail(
      `token from ${api}/iot/v1/clients/token refused (${tokenRes.status})`,
      'check the API key (the web app: API keys), its secret is shown once',
    );
    return;
  }
  pass('application token issued');
  const userId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'))[
    'http://arduino.cc/id'
  ];
  const app = await mqttConnect(
    appUrl,
    { clientId: userId, username: userId, password: token, clean: true, keepalive: 30 },
    ca,
  );
  if (app.code === 0) pass(`application logs in at ${appUrl}`);
  else
    fail(
      `application login at ${appUrl} refused (${app.code ?? app.error})`,
      'look at the server log; the API key must belong to an account that is not locked',
    );

  const created = await httpsRequest(
    `${api}/iot/v2/devices`,
    {
      method: 'PUT',
      token,
      json: { name: `doctor-${randomBytes(3).toString('hex')}`, type: 'generic_device_secretkey' },
    },
    ca,
  );
  if (created.status !== 201) {
    fail(
      `temporary device not created (${created.status} ${created.json?.detail ?? ''})`,
      'the API key needs a space where devices can be added (plan limit?)',
    );
    return;
  }
  const deviceId = created.json.id;
  try {
    const secret = randomBytes(18).toString('base64url');
    const set = await httpsRequest(
      `${api}/iot/v2/devices/${deviceId}/pass`,
      { method: 'PUT', token, json: { password: secret } },
      ca,
    );
    if (set.status !== 200) {
      fail(`secret key of the temporary device not set (${set.status})`, 'look at the server log');
      return;
    }
    const device = await mqttConnect(
      deviceUrl,
      { clientId: deviceId, username: deviceId, password: secret, clean: true, keepalive: 30 },
      ca,
    );
    if (device.code === 0) pass(`device logs in at ${deviceUrl}`);
    else
      fail(`device login at ${deviceUrl} refused (${device.code ?? device.error})`, 'look at the server log');
  } finally {
    await httpsRequest(`${api}/iot/v2/devices/${deviceId}?force=true`, { method: 'DELETE', token }, ca).catch(
      () => undefined,
    );
  }
}

console.log(failures === 0 ? '\nAll checks passed.' : `\n${failures} check(s) failed: see the fixes above.`);
process.exit(failures === 0 ? 0 : 1);

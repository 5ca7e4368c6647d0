import { tokenUrl } from './server-address.ts';

/** What fills the examples: this server, its WebSocket broker, and the user's first key if any. */
export interface ExampleInputs {
  /** This server's address (`serverAddress`), no trailing slash. */
  server: string;
  /** `config.mqtt.wsUrl`; null when the server does not know its broker's address. */
  brokerWsUrl: string | null;
  /** The client id of the user's first key; null when there is none. */
  clientId: string | null;
  /** The first thing of the space, for the live example; null when there is none. */
  thingId: string | null;
}

/** Written into the examples when there is no key yet: it says where to get one. */
export const CLIENT_ID_PLACEHOLDER = 'YOUR_CLIENT_ID (create one at /api-keys/)';
/** The secret is never known to the page (shown once, at creation): the programs read it from the environment. */
const SECRET_FROM_ENV = 'process.env.CLIENT_SECRET';
export const BROKER_PLACEHOLDER = 'wss://YOUR-BROKER/mqtt';

/** A JavaScript or shell string literal, safe whatever it holds. */
const js = (value: string) => JSON.stringify(value);
const sh = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;
const clientIdOf = (inputs: ExampleInputs) => inputs.clientId ?? CLIENT_ID_PLACEHOLDER;

/**
 * The official REST client (`@arduino/arduino-iot-client` 3.0.0, CommonJS as its README uses it): a token
 * from this server's token endpoint, then `ApiClient` pointed at this server, listing the things.
 */
export function restClientExample(inputs: ExampleInputs): string {
  return `// npm install @arduino/arduino-iot-client@3.0.0
// Run with CLIENT_SECRET=... node things.js
const IotApi = require('@arduino/arduino-iot-client');

async function getToken() {
  const res = await fetch(${js(tokenUrl(inputs.server))}, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: ${js(clientIdOf(inputs))},
      client_secret: ${SECRET_FROM_ENV},
      audience: 'https://api2.arduino.cc/iot',
    }),
  });
  if (!res.ok) throw new Error(\`token request failed: \${res.status}\`);
  return (await res.json()).access_token;
}

async function main() {
  const client = new IotApi.ApiClient(${js(inputs.server)});
  client.authentications.oauth2.accessToken = await getToken();
  const things = await new IotApi.ThingsV2Api(client).thingsV2List();
  for (const thing of things) console.log(thing.id, thing.name);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
`;
}

/**
 * `arduino-iot-js` 0.13.0 in application mode: it fetches its own token (`apiUrl`) and opens MQTT over
 * WebSocket. The library always dials `wss://wss.{host}:{port}/mqtt`, so the example hands its copy of
 * mqtt.js this server's broker address instead, before loading it (the library keeps a reference to
 * `mqtt.connect`), exactly as the server's conformance test does.
 */
export function iotJsExample(inputs: ExampleInputs): string {
  return `// npm install arduino-iot-js@0.13.0
// Run with CLIENT_SECRET=... node live.js
const { createRequire } = require('node:module');

// arduino-iot-js dials wss://wss.{host}:8443/mqtt; send its connection to this server's broker instead.
const mqtt = createRequire(require.resolve('arduino-iot-js'))('mqtt');
const connect = mqtt.connect;
mqtt.connect = (_url, options) => connect(${js(inputs.brokerWsUrl ?? BROKER_PLACEHOLDER)}, options);
const { ArduinoIoTCloud } = require('arduino-iot-js');

async function main() {
  const cloud = await ArduinoIoTCloud.connect({
    clientId: ${js(clientIdOf(inputs))},
    clientSecret: ${SECRET_FROM_ENV},
    apiUrl: ${js(tokenUrl(inputs.server))},
    onDisconnect: (message) => console.error('disconnected', message),
  });
  const thingId = ${js(inputs.thingId ?? 'YOUR_THING_ID')};
  // Variables by their sketch name (these are the demo thing's): use your thing's own.
  cloud.onPropertyValue(thingId, 'temperature', (value) => console.log('temperature', value));
  await cloud.sendProperty(thingId, 'led', true);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
`;
}

/** curl: a token from the token endpoint, then `GET /iot/v2/things` with it (needs jq). */
export function curlExample(inputs: ExampleInputs): string {
  return `# Set CLIENT_SECRET first: export CLIENT_SECRET=...
TOKEN=$(curl -s -X POST ${sh(tokenUrl(inputs.server))} \\
  -H 'content-type: application/x-www-form-urlencoded' \\
  --data-urlencode grant_type=client_credentials \\
  --data-urlencode client_id=${sh(clientIdOf(inputs))} \\
  --data-urlencode "client_secret=$CLIENT_SECRET" | jq -r .access_token)

curl -s ${sh(`${inputs.server}/iot/v2/things`)} -H "authorization: Bearer $TOKEN"
`;
}

import { parseArgs } from 'node:util';
import { startSimulatedDevice } from './device.ts';
import { parsePropertyList } from './property-declarations.ts';

const USAGE = `Usage: npm run device -- --device-id <id> --secret-key <key> [options]

Runs a simulated board that speaks the Arduino IoT Cloud protocol 2.x like the ArduinoIoTCloud library.

  --device-id <id>         device id (MQTT client id and username)
  --secret-key <key>       the device's secret key (MQTT password)
  --url <url>              broker, default mqtt://127.0.0.1:1883 (also mqtts://, ws://, wss://)
  --interval <seconds>     how often generated values change, default 5
  --properties <list>      name:type,… to simulate (types: float, int, bool, string, temperature,
                           humidity, counter, switch, light, location, color, or a property type id);
                           without it the device learns its properties from the last values
  --qos <0|1>              QoS of value messages, default 0 as the library
  --timestamps             send the time of each value (t, epoch seconds)
  --buffer                 keep measuring while offline and send those values, with their times, on
                           reconnection (at most 10000 records)
  --lib-version <v>        library version sent in DeviceBegin, default 2.9.0
  --insecure               accept any TLS certificate (self-signed brokers)
  --ota                    take OTA updates: download, check, "flash" and reboot (reconnect)
  --verbose                log every message
  -h, --help               this text`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      'device-id': { type: 'string' },
      'secret-key': { type: 'string' },
      url: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
      interval: { type: 'string', default: '5' },
      properties: { type: 'string' },
      qos: { type: 'string', default: '0' },
      timestamps: { type: 'boolean', default: false },
      buffer: { type: 'boolean', default: false },
      'lib-version': { type: 'string', default: '2.9.0' },
      insecure: { type: 'boolean', default: false },
      ota: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
}
try {
  args = parse();
} catch (e) {
  fail((e as Error).message);
}
const v = args.values;
if (v.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!v['device-id']) fail('--device-id is required');
if (!v['secret-key']) fail('--secret-key is required');
const interval = Number(v.interval);
if (!Number.isFinite(interval) || interval < 0.1 || interval > 86400)
  fail('--interval must be from 0.1 to 86400 seconds');
if (v.qos !== '0' && v.qos !== '1') fail('--qos must be 0 or 1');
let url: URL;
try {
  url = new URL(v.url);
} catch {
  fail(`--url ${v.url} is not a URL`);
}
if (!['mqtt:', 'mqtts:', 'ws:', 'wss:'].includes(url.protocol))
  fail('--url must start with mqtt://, mqtts://, ws:// or wss://');
let properties: ReturnType<typeof parsePropertyList> = [];
try {
  properties = v.properties ? parsePropertyList(v.properties) : [];
} catch (e) {
  fail(`--properties ${(e as Error).message}`);
}

const line = (level: string) => (msg: string) => console.log(`${new Date().toISOString()} ${level} ${msg}`);
const device = startSimulatedDevice({
  url: v.url,
  deviceId: v['device-id'],
  secretKey: v['secret-key'],
  properties,
  intervalMs: interval * 1000,
  qos: v.qos === '1' ? 1 : 0,
  timestamps: v.timestamps,
  bufferOffline: v.buffer,
  libVersion: v['lib-version'],
  logger: { info: line('info'), warn: line('warn'), ...(v.verbose ? { debug: line('debug') } : {}) },
  mqtt: v.insecure ? { rejectUnauthorized: false } : {},
  ...(v.ota && { ota: {} }),
});
device.on('write', ({ name, value }) => line('info')(`cloud wrote ${name} = ${JSON.stringify(value)}`));
if (!v.verbose)
  device.on('published', (values: { name: string; value: unknown }[]) =>
    line('info')(`published ${values.map((x) => `${x.name}=${JSON.stringify(x.value)}`).join(' ')}`),
  );

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    line('info')('stopping');
    device.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });

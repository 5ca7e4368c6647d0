// One of the client processes of `npm run bench:fleet` (bench/fleet.mts starts BENCH_CLIENT_PROCESSES of them,
// each with its share of the fleet): a Node TLS client's handshake costs about as much CPU as the broker's, and
// one client process, single-threaded, was the ceiling of the connect rate at about 500/s. Talks to the parent
// over IPC: "devices" → "ready", "connect" → "first-pass" then "connected", "send" → "sent", "close".
import { createSecureContext, type SecureContext, type SecureVersion } from 'node:tls';
import { encodeSenml, valueToRecords } from '@tinkercloud/device-protocol';
import { FleetDevice } from './fleet-device.ts';

/** A device of this process's share, with its place in the whole fleet (its send slot). */
export interface ClientDevice {
  index: number;
  clientId: string;
  thingId: string;
  username?: string;
  password?: string;
  /** Certificate boards: their certificate and key (PEM). */
  cert?: string;
  key?: string;
}

/** The highest TLS version the devices may offer: 1.2 as Arduino's certificate boards, 1.3 as mqtt.js. */
export type DeviceTlsMax = Extract<SecureVersion, 'TLSv1.2' | 'TLSv1.3'>;

export type ToClients =
  | {
      kind: 'devices';
      host: string;
      port: number;
      ca: string;
      tlsMax: DeviceTlsMax;
      devices: ClientDevice[];
    }
  | { kind: 'connect'; concurrency: number }
  | { kind: 'send'; seconds: number; intervalS: number; fleetSize: number; epoch: number }
  | { kind: 'close' };

export type FromClients =
  | { kind: 'ready' }
  | { kind: 'first-pass'; failed: number; errors: [string, number][]; durations: number[] }
  | { kind: 'connected'; connected: number }
  | {
      kind: 'sent';
      sent: number;
      acked: number;
      failed: number;
      stillConnected: number;
      latencies: number[];
    };

const send = (m: FromClients) => process.send?.(m);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** ArduinoIoTCloud's MQTT keepalive (its `setKeepAliveInterval(30 * 1000)`): the CONNECT's, and how often a board pings. */
const KEEPALIVE_S = 30;

let devices: { device: FleetDevice; thingId: string; index: number }[] = [];
let pinger: NodeJS.Timeout | null = null;

/** Connects every device, `concurrency` at a time; the failed ones are tried again once after the first pass. */
async function connectAll(concurrency: number) {
  const list = devices.map((d) => d.device);
  let next = 0;
  const failed: FleetDevice[] = [];
  const errors = new Map<string, number>();
  const durations: number[] = [];
  const worker = async (from: FleetDevice[], into: FleetDevice[] | null) => {
    for (;;) {
      const d = from[next];
      next += 1;
      if (!d) return;
      const at = performance.now();
      try {
        await d.connect(KEEPALIVE_S);
        durations.push(performance.now() - at);
      } catch (err) {
        const m = (err as Error).message;
        errors.set(m, (errors.get(m) ?? 0) + 1);
        into?.push(d);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, () => worker(list, failed)));
  send({ kind: 'first-pass', failed: failed.length, errors: [...errors], durations });
  next = 0;
  await Promise.all(Array.from({ length: concurrency }, () => worker([...failed], null)));
  send({ kind: 'connected', connected: list.filter((d) => !d.closed).length });
}

/**
 * Each device sends one value every `intervalS`, the whole fleet spread evenly over the interval (a device's
 * slot is its place in the fleet, whichever process holds it). The value is its send time (ms since `epoch`).
 */
async function sendPhase(m: Extract<ToClients, { kind: 'send' }>) {
  const latencies: number[] = [];
  let sent = 0;
  let acked = 0;
  let failed = 0;
  let inFlight = 0;
  const start = performance.now();
  const end = start + m.seconds * 1000;
  const slot = (m.intervalS * 1000) / m.fleetSize;
  const perRound = m.intervalS * 1000;
  // Sends are taken in fleet order; `round` counts the intervals gone.
  let position = 0;
  let round = 0;
  while (performance.now() < end) {
    const now = performance.now();
    for (;;) {
      const d = devices[position];
      if (!d) break;
      const due = start + round * perRound + d.index * slot;
      if (due > now || due >= end) break;
      position += 1;
      if (position === devices.length) {
        position = 0;
        round += 1;
      }
      if (d.device.closed) {
        failed += 1;
        continue;
      }
      const at = performance.now();
      const payload = Buffer.from(encodeSenml(valueToRecords('v0', 'FLOAT', Date.now() - m.epoch)));
      sent += 1;
      inFlight += 1;
      d.device.publish(`/a/t/${d.thingId}/e/o`, payload).then(
        () => {
          acked += 1;
          inFlight -= 1;
          latencies.push(performance.now() - at);
        },
        () => {
          failed += 1;
          inFlight -= 1;
        },
      );
    }
    await sleep(10);
  }
  const until = Date.now() + 30_000;
  while (inFlight > 0 && Date.now() < until) await sleep(50);
  const stillConnected = devices.filter((d) => !d.device.closed).length;
  send({ kind: 'sent', sent, acked, failed, stillConnected, latencies });
}

process.on('message', (m: ToClients) => {
  if (m.kind === 'devices') {
    // Password devices share one TLS context; each certificate board has its own, made here before the clock
    // starts, as a board has its certificate before it dials. Made while connecting, they took a third of the
    // clients' CPU (parsing the CA, the certificate and the key each time). About 30 KB each.
    const tls = { ca: m.ca, maxVersion: m.tlsMax };
    const shared = createSecureContext(tls);
    const contextOf = (d: ClientDevice): (() => SecureContext) => {
      const context = d.cert ? createSecureContext({ ...tls, cert: d.cert, key: d.key }) : shared;
      return () => context;
    };
    devices = [...m.devices]
      .sort((a, b) => a.index - b.index)
      .map((d) => ({
        index: d.index,
        thingId: d.thingId,
        device: new FleetDevice({
          host: m.host,
          port: m.port,
          clientId: d.clientId,
          ...(d.username !== undefined && { username: d.username }),
          ...(d.password !== undefined && { password: d.password }),
          secureContext: contextOf(d),
        }),
      }));
    // Boards ping as ArduinoIoTCloud's do (its MQTT client, keepalive 30 s): every keepalive from their own
    // connect. Pinging all 10,000 in one turn every minute, as this bench did, held the server's event loop
    // for 0.7–1 s each time (10,000 PINGRESPs through TLS at once), which no fleet does.
    pinger = setInterval(() => {
      for (const d of devices) d.device.pingIfDue(KEEPALIVE_S * 1000);
    }, 1_000);
    send({ kind: 'ready' });
  } else if (m.kind === 'connect') {
    void connectAll(m.concurrency);
  } else if (m.kind === 'send') {
    void sendPhase(m);
  } else {
    if (pinger) clearInterval(pinger);
    for (const d of devices) d.device.close();
    setTimeout(() => process.exit(0), 500);
  }
});
process.on('disconnect', () => process.exit(0));

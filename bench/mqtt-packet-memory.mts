// `npm run bench:mqtt-packet`: the memory one large PUBLISH costs the embedded broker, with the packet size
// guard (MQTT_MAX_PACKET_BYTES, 256 KiB) and without it (a limit above the packet). A client sends CONNECT, then
// a QoS 1 PUBLISH of BENCH_PACKET_MB (64) MB; the broker's process samples its memory every 5 ms until the
// client is acknowledged or disconnected. The client runs in the same process but writes 1 MB at a time and
// waits for the socket to drain, so it holds about 1 MB. Each setup runs in a child process of its own, so one's garbage does
// not count in the other's figures.
import { execFileSync } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import type { BrokerHandlers } from '../apps/server/src/modules/connectivity/broker-handlers.ts';
import { DEFAULT_MAX_PACKET_BYTES } from '../apps/server/src/modules/connectivity/config.ts';
import { createEmbeddedBroker } from '../apps/server/src/modules/connectivity/embedded-broker.ts';

const MB = 1024 * 1024;
/** The largest packet MQTT can describe: the guard then never refuses. */
const MQTT_LARGEST = 268_435_455;
const packetMb = Number(process.env.BENCH_PACKET_MB ?? 64);

/** MQTT's remaining length: 7 bits a byte, low first. */
function varLength(n: number): number[] {
  const out: number[] = [];
  do {
    const byte = n % 128;
    n = Math.floor(n / 128);
    out.push(n > 0 ? byte | 0x80 : byte);
  } while (n > 0);
  return out;
}
const str = (s: string) => {
  const b = Buffer.from(s);
  return Buffer.concat([Buffer.from([b.length >> 8, b.length & 0xff]), b]);
};
function connectPacket() {
  const body = Buffer.concat([
    str('MQTT'),
    Buffer.from([4, 0xc2, 0, 60]),
    str('bench'),
    str('bench'),
    str('x'),
  ]);
  return Buffer.concat([Buffer.from([0x10, ...varLength(body.length)]), body]);
}
function publishHeader(payloadBytes: number) {
  const variable = Buffer.concat([str('bench/big'), Buffer.from([0, 1])]);
  return Buffer.concat([Buffer.from([0x32, ...varLength(variable.length + payloadBytes)]), variable]);
}

async function runOne(maxPacketBytes: number) {
  const logger = pino({ level: 'silent' });
  const broker = await createEmbeddedBroker(logger, { maxPacketBytes });
  const allow = async () => ({
    ok: true as const,
    identity: { kind: 'application' as const, userId: 'bench' },
  });
  broker.install({
    authenticate: allow as unknown as BrokerHandlers['authenticate'],
    connected: async () => undefined,
    disconnected: async () => undefined,
    publish: async () => ({ allowed: true, forward: null }),
    maySubscribe: async () => false,
    subscribed: () => undefined,
    mayReceive: () => false,
    tooLarge: () => undefined,
  });
  const { port } = await broker.listen({
    mode: 'embedded',
    host: '127.0.0.1',
    port: 0,
    portExplicit: true,
    tls: null,
    limits: { maxPacketBytes, deviceRate: { perSecond: 0, burst: 1 } },
  });
  global.gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakBuffers = base.arrayBuffers;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakBuffers = Math.max(peakBuffers, m.arrayBuffers);
  }, 5);
  const started = Date.now();
  const outcome = await new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1', async () => {
      socket.write(connectPacket());
      socket.write(publishHeader(packetMb * MB));
      const piece = Buffer.alloc(MB, 7);
      for (let sent = 0; sent < packetMb && !socket.destroyed; sent += 1) {
        if (!socket.write(piece)) {
          await new Promise<void>((resolve) => {
            const done = () => {
              socket.off('drain', done).off('close', done);
              resolve();
            };
            socket.on('drain', done).on('close', done);
          });
        }
      }
    });
    let received = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      // CONNACK (4 bytes), then PUBACK (0x40).
      if (received.length >= 8 && received[4] === 0x40) {
        resolve('acknowledged');
        socket.destroy();
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve('disconnected'));
  });
  clearInterval(sampler);
  await broker.close();
  return {
    limit: maxPacketBytes,
    outcome,
    ms: Date.now() - started,
    rssMb: (peakRss - base.rss) / MB,
    buffersMb: (peakBuffers - base.arrayBuffers) / MB,
  };
}

if (process.env.BENCH_CHILD_LIMIT) {
  console.log(JSON.stringify(await runOne(Number(process.env.BENCH_CHILD_LIMIT))));
} else {
  const self = fileURLToPath(import.meta.url);
  console.log(
    `One QoS 1 PUBLISH of ${packetMb} MB to the embedded broker (peak growth of the broker's process):`,
  );
  for (const limit of [DEFAULT_MAX_PACKET_BYTES, MQTT_LARGEST]) {
    const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', self], {
      env: { ...process.env, BENCH_CHILD_LIMIT: String(limit) },
      encoding: 'utf8',
    });
    const r = JSON.parse(out.trim().split('\n').pop() as string);
    console.log(
      `  limit ${limit === MQTT_LARGEST ? "off (MQTT's largest, 256 MiB)" : `${limit / 1024} KiB`}: ${r.outcome} after ${r.ms} ms, ` +
        `RSS +${r.rssMb.toFixed(1)} MB, array buffers +${r.buffersMb.toFixed(1)} MB`,
    );
  }
}

// Device ingest throughput (issue 5 item 9): BENCH_DEVICES devices publish SenML CBOR batches of
// BENCH_POINTS_PER_MESSAGE values at QoS 1 on /a/t/{thing}/e/o for BENCH_SECONDS, and this prints messages/s and
// data points/s committed, publish → commit latency p50/p99, and lost points (acknowledged to the device but
// never stored). The server runs in a child process (bench/ingest-server.mts) on a fresh database:
//   embedded: PGlite (a temporary directory) + the embedded Aedes broker;
//   server:   PostgreSQL (a database tc_bench_<random> on BENCH_DATABASE_URL, dropped after) + a Mosquitto
//             of its own on a free port (MQTT_URL).
// Commit latency: each message's first value is its send time; the server's value listener (called once the
// batch is committed) subtracts it from its clock (same machine). PUBACK latency is printed too: with the
// embedded broker the PUBACK follows the commit, with Mosquitto it only says the broker has the message.
// Throughput counts committed points from the start to the last commit, after the server caught up.
// Goal on the 2-core VM: ≥ 50,000 points/s for 60 s with none lost (server setup).
// Knobs: BENCH_SETUP=embedded|server|both, BENCH_DEVICES (50, at most 100), BENCH_POINTS_PER_MESSAGE (10),
// BENCH_RATE (messages/s in all, 5,000; 0 = as fast as acknowledgements allow), BENCH_WINDOW (unacknowledged
// messages per device, 20), BENCH_SECONDS (60).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeSenml, valueToRecords } from '@tinkercloud/device-protocol';
import pg from 'pg';
import { findMosquitto, startMosquitto, type TestMosquitto } from '../apps/server/test/mosquitto.ts';
import { nextMessage } from './child-messages.ts';
import type { CommitStats } from './commit-recorder.ts';
import { FleetDevice } from './fleet-device.ts';
import type { BenchDevice, ToChild, ToParent } from './ingest-server.mts';
import { report } from './report.ts';
import { serverChildArgs } from './server-child.ts';

const SETUP = process.env.BENCH_SETUP ?? 'both';
const DEVICES = Math.min(100, Number(process.env.BENCH_DEVICES ?? 50));
const POINTS = Number(process.env.BENCH_POINTS_PER_MESSAGE ?? 10);
// Paced by default: with Mosquitto a device's PUBACK does not wait for the server, so an unpaced run only
// measures how fast the broker queues.
const RATE = Number(process.env.BENCH_RATE ?? 5_000);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const GOAL_POINTS_PER_S = 50_000;
const SERVER = fileURLToPath(new URL('./ingest-server.mts', import.meta.url));
/** Times in messages are ms since this instant (small numbers: a FLOAT value keeps them to the µs). */
const EPOCH = Date.now();
/** The server is given this long without progress to store what the broker acknowledged. */
const CATCH_UP_MS = 20_000;

interface Figures {
  setup: string;
  messagesPerS: number;
  pointsPerS: number;
  slowestSecond: number;
  commitP50: number;
  commitP99: number;
  pubackP50: number;
  pubackP99: number;
  sent: number;
  acked: number;
  stored: number;
  lost: number;
  /** The limit of the store: points/s of a bare insert of as many rows into the same database. */
  rawPointsPerS: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** Starts the server child and waits for its devices; its output goes to a file (printed on failure). */
async function startServer(env: Record<string, string>, logDir: string, setup: 'embedded' | 'server') {
  // BENCH_SERVER_LOG: keep the server's output in this file (default: removed with the run's directory).
  const log = process.env.BENCH_SERVER_LOG ?? join(logDir, 'server.log');
  const out = openSync(log, 'a');
  const child: ChildProcess = spawn(
    process.execPath,
    serverChildArgs(SERVER, setup === 'server' ? 'postgres' : 'pglite'),
    {
      stdio: ['ignore', out, out, 'ipc'],
      env: {
        ...process.env,
        ...env,
        BENCH_DEVICES: String(DEVICES),
        BENCH_POINTS_PER_MESSAGE: String(POINTS),
        BENCH_EPOCH: String(EPOCH),
      },
    },
  );
  const ready = await nextMessage<ToParent, 'ready'>(child, 'ready', { exited: `see ${log}` });
  const ask = <K extends ToParent['kind']>(m: ToChild, kind: K) =>
    nextMessage<ToParent, K>(child, kind, { send: m, exited: `see ${log}` });
  return {
    ready,
    /** Points/s of a bare `insert … select from unnest` of as many rows into the same database. */
    raw: async (points: number) => {
      const r = await ask({ kind: 'raw', points }, 'raw');
      return r.points / r.seconds;
    },
    count: async () => {
      const r = await ask({ kind: 'count' }, 'count');
      return { rows: r.rows, commits: r.commits };
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.removeAllListeners('exit');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ kind: 'stop' } satisfies ToChild);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The first value is the send time (ms since EPOCH), the others just change. */
const payloadOf = (names: string[], seq: number) => {
  const sentAt = Date.now() - EPOCH;
  return Buffer.from(
    encodeSenml(names.flatMap((name, i) => valueToRecords(name, 'FLOAT', i === 0 ? sentAt : seq + i / 100))),
  );
};

/** How often the paced sender wakes: one timer for all devices, not one per message. */
const TICK_MS = 5;

/**
 * Publishes from every device for SECONDS, each keeping at most WINDOW unacknowledged (and RATE in all). One
 * ticker sends what is due for every device: a timer per message cost the clients' process more CPU at 30,000
 * messages/s than the server spent on the messages, on the same two cores. Unpaced (RATE 0), an
 * acknowledgement sends that device's next message at once.
 */
async function drive(clients: { client: FleetDevice; device: BenchDevice }[]) {
  const latencies: number[] = [];
  let sent = 0;
  let acked = 0;
  let failed = 0;
  const start = performance.now();
  const end = start + SECONDS * 1000;
  const perDeviceInterval = RATE > 0 ? (1000 * clients.length) / RATE : 0;
  const senders = clients.map(({ client, device }, d) => ({
    client,
    topic: `/a/t/${device.thingId}/e/o`,
    names: device.names,
    inFlight: 0,
    seq: 0,
    // Spread the devices' first sends over one interval so a rate is not sent in bursts.
    nextAt: start + (perDeviceInterval * d) / clients.length,
  }));
  type Sender = (typeof senders)[number];
  const sendDue = (s: Sender, now: number) => {
    while (s.inFlight < WINDOW && now < end && (perDeviceInterval === 0 || s.nextAt <= now)) {
      s.nextAt += perDeviceInterval;
      s.inFlight += 1;
      s.seq += 1;
      sent += 1;
      const at = performance.now();
      s.client.publish(s.topic, payloadOf(s.names, s.seq)).then(
        () => {
          s.inFlight -= 1;
          acked += 1;
          const done = performance.now();
          latencies.push(done - at);
          if (perDeviceInterval === 0) sendDue(s, done);
        },
        () => {
          s.inFlight -= 1;
          failed += 1;
        },
      );
    }
  };
  while (performance.now() < end) {
    const now = performance.now();
    for (const s of senders) sendDue(s, now);
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  const until = Date.now() + 30_000;
  while (senders.some((s) => s.inFlight > 0) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  latencies.sort((a, b) => a - b);
  return {
    sent,
    acked,
    failed,
    startedAt: Date.now() - EPOCH - (performance.now() - start),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

async function runSetup(setup: 'embedded' | 'server'): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'tc-bench-ingest-'));
  const cleanups: (() => Promise<unknown>)[] = [
    () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
  ];
  const clients: { client: FleetDevice; device: BenchDevice }[] = [];
  try {
    const env: Record<string, string> = {};
    let brokerPort = 0;
    if (setup === 'server') {
      const found = findMosquitto();
      if ('missing' in found) throw new Error(found.missing);
      const mosquitto: TestMosquitto = await startMosquitto(found);
      cleanups.push(() => mosquitto.stop());
      const name = `tc_bench_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      cleanups.push(async () => {
        const drop = new pg.Client({ connectionString: PG_URL });
        await drop.connect();
        await drop.query(`drop database if exists ${name} with (force)`);
        await drop.end();
      });
      const url = new URL(PG_URL);
      url.pathname = `/${name}`;
      env.BENCH_DATABASE = url.toString();
      env.MQTT_URL = mosquitto.url;
      brokerPort = mosquitto.port;
    } else {
      env.BENCH_PGLITE_DIR = join(dir, 'pglite');
    }
    const server = await startServer(env, dir, setup);
    // Runs before the Mosquitto and the database go (cleanups run in reverse).
    cleanups.push(() => server.stop());
    const { devices, mqttPort } = server.ready;
    if (setup === 'embedded') brokerPort = mqttPort ?? 0;
    for (const device of devices) {
      const client = new FleetDevice({
        host: '127.0.0.1',
        port: brokerPort,
        clientId: device.id,
        username: device.id,
        password: device.secret,
      });
      await client.connect();
      clients.push({ client, device });
    }
    cleanups.push(async () => {
      for (const { client } of clients) client.close();
    });
    // Warm-up: one stored message per device (sessions and the server's caches in place).
    await Promise.all(
      clients.map(({ client, device }) =>
        client.publish(`/a/t/${device.thingId}/e/o`, payloadOf(device.names, 0)),
      ),
    );
    // (With Mosquitto the PUBACK does not wait for the commit: wait for the rows.)
    let warm = 0;
    while (warm < devices.length * POINTS) {
      warm = (await server.count()).rows;
      if (warm < devices.length * POINTS) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const r = await drive(clients);
    // With Mosquitto the devices' PUBACKs come from the broker: wait for the server to store what it holds.
    const expected = r.acked * POINTS;
    const commits: CommitStats = { perSecond: {}, latencies: [], last: 0 };
    let stored = 0;
    let progressAt = Date.now();
    for (;;) {
      const c = await server.count();
      for (const [second, n] of Object.entries(c.commits.perSecond)) {
        commits.perSecond[Number(second)] = (commits.perSecond[Number(second)] ?? 0) + n;
      }
      for (const l of c.commits.latencies) commits.latencies.push(l);
      commits.last = Math.max(commits.last, c.commits.last);
      if (c.rows - warm > stored) progressAt = Date.now();
      stored = c.rows - warm;
      if (stored >= expected || Date.now() - progressAt > CATCH_UP_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    commits.latencies.sort((a, b) => a - b);
    const rawPointsPerS = await server.raw(Math.max(stored, 10_000));
    const seconds = (commits.last - r.startedAt) / 1000;
    const first = Math.floor(r.startedAt / 1000) + 1;
    const full = Array.from(
      { length: Math.max(0, SECONDS - 2) },
      (_, i) => commits.perSecond[first + i] ?? 0,
    );
    return {
      setup,
      messagesPerS: stored / POINTS / seconds,
      pointsPerS: stored / seconds,
      slowestSecond: full.length > 0 ? Math.min(...full) : 0,
      commitP50: percentile(commits.latencies, 0.5),
      commitP99: percentile(commits.latencies, 0.99),
      pubackP50: r.p50,
      pubackP99: r.p99,
      sent: r.sent,
      acked: r.acked,
      stored,
      lost: expected - stored,
      rawPointsPerS,
    };
  } finally {
    for (const c of cleanups.reverse()) await c().catch((err: unknown) => console.error(err));
  }
}

// Held until the end: between steps the process may have no other handle that keeps it running.
const keepAlive = setInterval(() => undefined, 1000);
const setups = SETUP === 'both' ? (['embedded', 'server'] as const) : ([SETUP] as ('embedded' | 'server')[]);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(
  `${DEVICES} devices, ${POINTS} points per message, window ${WINDOW}, ${RATE > 0 ? `${fmt(RATE)} messages/s` : 'unpaced'}, ${SECONDS} s`,
);
for (const setup of setups) {
  const f = await runSetup(setup);
  // BENCH_INGEST_FIGURES: every figure of the run, one JSON line per setup (bench/fleet.mts's rate steps).
  if (process.env.BENCH_INGEST_FIGURES)
    appendFileSync(process.env.BENCH_INGEST_FIGURES, `${JSON.stringify(f)}\n`);
  report({
    bench: 'bench:ingest',
    what: `points/s committed, ${setup === 'server' ? 'PostgreSQL + Mosquitto' : 'PGlite + embedded broker'}, ${fmt(RATE * POINTS)} offered`,
    value: f.pointsPerS,
    unit: 'points/s',
    better: 'higher',
    limit: { what: 'bare insert…select unnest, same database', value: f.rawPointsPerS },
    ...(setup === 'server'
      ? {
          goal: {
            text: `≥ ${fmt(GOAL_POINTS_PER_S)} points/s, 0 lost`,
            met: f.pointsPerS >= GOAL_POINTS_PER_S && f.lost === 0,
          },
        }
      : {}),
  });
  console.log(
    [
      `${f.setup.padEnd(8)}`,
      `${fmt(f.messagesPerS)} messages/s`,
      `${fmt(f.pointsPerS)} points/s (slowest full second ${fmt(f.slowestSecond)})`,
      `publish→commit p50 ${f.commitP50.toFixed(0)} ms p99 ${f.commitP99.toFixed(0)} ms`,
      `publish→PUBACK p50 ${f.pubackP50.toFixed(0)} ms p99 ${f.pubackP99.toFixed(0)} ms`,
      `sent ${fmt(f.sent)} acked ${fmt(f.acked)} messages, stored ${fmt(f.stored)} points, lost ${fmt(f.lost)}`,
      `bare insert…unnest of as many rows ${fmt(f.rawPointsPerS)} points/s, ingest at ${((100 * f.pointsPerS) / f.rawPointsPerS).toFixed(0)} % of it`,
      // A rate step of bench/fleet.mts collects the figures and judges them against its own goal (p99 ≤ 1 s).
      setup === 'server' && !process.env.BENCH_INGEST_FIGURES
        ? f.pointsPerS >= GOAL_POINTS_PER_S && f.lost === 0
          ? 'goal met'
          : 'goal missed'
        : '',
    ]
      .filter(Boolean)
      .join(' | '),
  );
}
clearInterval(keepAlive);

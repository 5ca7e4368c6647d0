// Fleet scale on one node (issue 15 item 5), `npm run bench:fleet`. Two cases:
//
// 1. Fleet: BENCH_DEVICES (10,000) devices connect through the MQTT over TLS listener as fast as the server
//    takes them (BENCH_CONNECT_CONCURRENCY handshakes at once, 100), then each sends one value (QoS 1, SenML
//    CBOR on /a/t/{thing}/e/o) every BENCH_INTERVAL (10) s for BENCH_SECONDS (300), spread evenly. Prints
//    connects/s, the server process's peak RSS and CPU (from /proc: the server runs in a child,
//    bench/fleet-server.mts, and the devices in BENCH_CLIENT_PROCESSES (2) others, bench/fleet-clients.mts),
//    publish → commit p50/p99 and lost values. Setups (BENCH_SETUP):
//    embedded: PGlite + the embedded broker, whose TLS listener (local CA, as out of the box) does the
//              handshakes; devices log in with client certificates of the device CA, as certificate boards do
//              (signed here with a pool of BENCH_KEY_POOL keys: the server's work per handshake is the same);
//    server:   PostgreSQL (a database tc_bench_<random> on BENCH_DATABASE_URL, dropped after) + a Mosquitto of
//              its own with a TLS listener: device TLS ends at Mosquitto and Mosquitto checks the devices'
//              passwords (dynamic security, PBKDF2 as it stores them), so the sessions, handshakes and
//              logins are Mosquitto's (its RSS and CPU are printed too) and the server process only ingests
//              what Mosquitto hands it on shared subscriptions. Certificate logins do not exist there.
// 2. Rate (BENCH_CASE=rate): single-value messages (the common device message) on the server setup, stepping
//    the rate up (BENCH_RATE_STEPS messages/s, BENCH_RATE_SECONDS each, 60) with bench/ingest.mts's devices and
//    server (BENCH_POINTS_PER_MESSAGE=1); prints each step and the highest rate held with publish → commit
//    p99 ≤ 1 s, nothing lost and at least 95 % of the rate committed. Clients and server share the cores.
//    BENCH_RESTART_AFTER_SEED=1 restarts the server process once the fleet is stored, before the devices
//    connect: the fleet then connects as after a restart or an upgrade, without what bulk-loading it left in
//    the process (measured: the same peak RSS and connect rate; see the connectivity README).
//    BENCH_TLS_MAX=TLSv1.2 makes the devices offer TLS 1.2 at most, as Arduino's certificate boards do
//    (ArduinoBearSSL has no TLS 1.3); TLSv1.3 (the default) as mqtt.js and arduino-iot-js do. The connect
//    rate was the same with either (see the connectivity README).
// BENCH_CASE=fleet|rate|both (both).
import { type ChildProcess, spawn } from 'node:child_process';
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  pbkdf2Sync,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  buildCertificate,
  distinguishedName,
  keyIdentifier,
  pem,
  subjectOf,
} from '../apps/server/src/modules/iot/certs/x509.ts';
import { ensureLocalCertificates } from '../apps/server/src/tls/local-ca.ts';
import { findMosquitto, startMosquitto } from '../apps/server/test/mosquitto.ts';
import { nextMessage } from './child-messages.ts';
import type { CommitStats } from './commit-recorder.ts';
import type { ClientDevice, DeviceTlsMax, FromClients, ToClients } from './fleet-clients.mts';
import type { CertRow, FleetToChild, FleetToParent } from './fleet-server.mts';
import { type ProcessWatch, watchProcess } from './process-stats.ts';
import { report } from './report.ts';
import { serverChildArgs } from './server-child.ts';

const CASE = process.env.BENCH_CASE ?? 'both';
const SETUP = process.env.BENCH_SETUP ?? 'both';
const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 300);
const INTERVAL_S = Number(process.env.BENCH_INTERVAL ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONNECT_CONCURRENCY ?? 100);
/** Processes the devices are spread over (bench/fleet-clients.mts). */
const CLIENT_PROCESSES = Math.max(1, Number(process.env.BENCH_CLIENT_PROCESSES ?? 2));
const KEY_POOL = Number(process.env.BENCH_KEY_POOL ?? 16);
/** The highest TLS version the devices offer (see fleet-clients.mts). */
const TLS_MAX = tlsVersion(process.env.BENCH_TLS_MAX ?? 'TLSv1.3');
const RESTART_AFTER_SEED = process.env.BENCH_RESTART_AFTER_SEED === '1';
const RATE_STEPS = (process.env.BENCH_RATE_STEPS ?? '15000,20000,25000,30000,35000,40000')
  .split(',')
  .map(Number);
const RATE_SECONDS = Number(process.env.BENCH_RATE_SECONDS ?? 60);
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SERVER = fileURLToPath(new URL('./fleet-server.mts', import.meta.url));
const CLIENTS = fileURLToPath(new URL('./fleet-clients.mts', import.meta.url));
const INGEST = fileURLToPath(new URL('./ingest.mts', import.meta.url));
const EPOCH = Date.now();
const CATCH_UP_MS = 20_000;
const GOAL = { rssBytes: 1024 ** 3, connectsPerS: 500, p99Ms: 200, rateP99Ms: 1000, rate: 30_000 };
/** The devices' password in the server setup (Mosquitto keeps a salted PBKDF2 of it per device). */
const PASSWORD = 'fleet-bench-secret';

/** BENCH_TLS_MAX: TLSv1.2 or TLSv1.3, nothing else. */
function tlsVersion(value: string): DeviceTlsMax {
  if (value === 'TLSv1.2' || value === 'TLSv1.3') return value;
  throw new Error(`BENCH_TLS_MAX must be TLSv1.2 or TLSv1.3, not ${value}`);
}
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const mb = (bytes: number) => `${fmt(bytes / 1024 ** 2)} MB`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Fleet {
  id: string;
  thingId: string;
}

async function startServer(env: Record<string, string>, dir: string, setup: 'embedded' | 'server') {
  const log = process.env.BENCH_SERVER_LOG ?? join(dir, 'server.log');
  const out = openSync(log, 'a');
  const child: ChildProcess = spawn(
    process.execPath,
    serverChildArgs(SERVER, setup === 'server' ? 'postgres' : 'pglite'),
    {
      stdio: ['ignore', out, out, 'ipc'],
      env: { ...process.env, ...env, BENCH_EPOCH: String(EPOCH) },
    },
  );
  const next = <K extends FleetToParent['kind']>(kind: K) =>
    nextMessage<FleetToParent, K>(child, kind, { exited: `see ${log}` });
  // A send to a child that has died fails here (not as an 'error' event that would end this process before
  // the broker and the database are cleaned up).
  child.on('error', () => undefined);
  const ask = <K extends FleetToParent['kind']>(m: FleetToChild, kind: K) => {
    if (!child.connected) return Promise.reject(new Error(`the server process is gone; see ${log}`));
    const answer = next(kind);
    child.send(m);
    return answer;
  };
  const ready = await next('ready');
  return {
    pid: child.pid as number,
    ready,
    log,
    seedCerts: (rows: CertRow[]) => ask({ kind: 'certs', rows }, 'seeded'),
    count: () => ask({ kind: 'count' }, 'count'),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ kind: 'stop' } satisfies FleetToChild);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** One certificate of the device CA per device, keys from a small pool; the rows the server stores. */
async function signCertificates(fleet: Fleet[], ca: { key: string; certificate: string }) {
  const signer = createPrivateKey(ca.key);
  const caSpki = createPublicKey(signer).export({ format: 'der', type: 'spki' });
  const authorityKeyId = await keyIdentifier(caSpki);
  const issuer = subjectOf(ca.certificate);
  const keys = Array.from({ length: KEY_POOL }, () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    return {
      pem: privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
      spki: publicKey.export({ format: 'der', type: 'spki' }),
    };
  });
  const notBefore = new Date(Date.now() - 3600_000);
  const notAfter = new Date(Date.now() + 365 * 86_400_000);
  const rows: CertRow[] = [];
  const pems: { cert: string; key: string }[] = [];
  for (const [i, device] of fleet.entries()) {
    const key = keys[i % keys.length] as (typeof keys)[number];
    const serial = randomBytes(16);
    serial[0] = ((serial[0] as number) & 0x7f) | 0x40;
    const cert = await buildCertificate({
      serial,
      issuer,
      subject: distinguishedName(device.id, 'Tinkercloud bench'),
      notBefore,
      notAfter,
      spki: key.spki,
      authorityKeyId,
      ca: false,
      signer,
    });
    rows.push({
      deviceId: device.id,
      serial: serial.toString('hex'),
      der: cert.der.toString('hex'),
      authorityKeyId: authorityKeyId.toString('hex'),
      signatureR: cert.signatureR.toString('hex'),
      signatureS: cert.signatureS.toString('hex'),
      notBefore: notBefore.toISOString(),
      notAfter: notAfter.toISOString(),
    });
    pems.push({ cert: pem('CERTIFICATE', cert.der), key: key.pem });
  }
  return { rows, pems };
}

/** Mosquitto's dynamic-security clients: one per device, its password hashed as Mosquitto does (PBKDF2). */
function dynsecFleet(fleet: Fleet[]) {
  return (config: { clients: unknown[]; roles: unknown[] }) => {
    for (const d of fleet) {
      const salt = randomBytes(12);
      config.clients.push({
        username: d.id,
        clientid: d.id,
        password: pbkdf2Sync(PASSWORD, salt, 101, 64, 'sha512').toString('base64'),
        salt: salt.toString('base64'),
        iterations: 101,
        roles: [{ rolename: `tc-device-${d.id}` }],
      });
      config.roles.push({
        rolename: `tc-device-${d.id}`,
        acls: [{ acltype: 'publishClientSend', topic: `/a/t/${d.thingId}/e/o`, allow: true }],
      });
    }
  };
}

async function throwawayDatabase(cleanups: (() => Promise<unknown>)[]) {
  const name = `tc_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  cleanups.push(() => admin(`drop database if exists ${name} with (force)`));
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The client processes, each with its share of the fleet (device i goes to process i mod CLIENT_PROCESSES), so
 * their handshakes use both cores as the server's do; their CPU is read from /proc like the server's.
 */
async function startClients(
  target: { host: string; port: number; ca: string },
  devices: ClientDevice[],
  cleanups: (() => Promise<unknown>)[],
) {
  const children = Array.from({ length: CLIENT_PROCESSES }, () =>
    spawn(process.execPath, ['--import', 'tsx', CLIENTS], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
  cleanups.push(async () => {
    for (const c of children) if (c.connected) c.send({ kind: 'close' } satisfies ToClients);
    await Promise.all(
      children.map((c) =>
        c.exitCode === null ? new Promise((resolve) => c.once('exit', resolve)) : Promise.resolve(),
      ),
    );
  });
  /** Sends `m` to every client and waits for each one's answer of this kind. */
  const all = <K extends FromClients['kind']>(m: ToClients | null, kind: K) =>
    Promise.all(children.map((c) => nextMessage<FromClients, K>(c, kind, m ? { send: m } : {})));
  await Promise.all(
    children.map((c, k) => {
      const share = devices.filter((_, i) => i % CLIENT_PROCESSES === k);
      return nextMessage<FromClients, 'ready'>(c, 'ready', {
        send: { kind: 'devices', ...target, tlsMax: TLS_MAX, devices: share } satisfies ToClients,
      });
    }),
  );
  return {
    pids: children.map((c) => c.pid as number),
    /** Connects the fleet; resolves after the first pass (its figures) and, in `connected`, after the retry. */
    async connect() {
      const connected = all(null, 'connected');
      const started = performance.now();
      const firstPass = await all(
        { kind: 'connect', concurrency: Math.ceil(CONCURRENCY / CLIENT_PROCESSES) },
        'first-pass',
      );
      const firstPassS = (performance.now() - started) / 1000;
      const errors = new Map<string, number>();
      for (const f of firstPass) for (const [m, n] of f.errors) errors.set(m, (errors.get(m) ?? 0) + n);
      const durations = firstPass.flatMap((f) => f.durations).sort((x, y) => x - y);
      return {
        firstPassS,
        firstPassFailed: firstPass.reduce((n, f) => n + f.failed, 0),
        errors,
        p50: percentile(durations, 0.5),
        p99: percentile(durations, 0.99),
        connected: connected.then((r) => r.reduce((n, c) => n + c.connected, 0)),
      };
    },
    /** Each device sends one value every INTERVAL_S for SECONDS. */
    async send() {
      const r = await all(
        { kind: 'send', seconds: SECONDS, intervalS: INTERVAL_S, fleetSize: devices.length, epoch: EPOCH },
        'sent',
      );
      const latencies = r.flatMap((x) => x.latencies).sort((x, y) => x - y);
      const sum = (k: 'sent' | 'acked' | 'failed' | 'stillConnected') => r.reduce((n, x) => n + x[k], 0);
      return {
        sent: sum('sent'),
        acked: sum('acked'),
        failed: sum('failed'),
        stillConnected: sum('stillConnected'),
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
      };
    },
  };
}

interface Usage {
  cpuS: number;
  wallS: number;
}
const usageOf = (w: ProcessWatch | null, from: number, to: number): Usage | null =>
  w ? { cpuS: (w.take()?.cpuS ?? from) - from, wallS: to } : null;
const cpuPct = (u: Usage | null) => (u ? `${fmt((100 * u.cpuS) / u.wallS)} % of a core` : 'n/a');

async function runFleet(setup: 'embedded' | 'server') {
  const dir = mkdtempSync(join(tmpdir(), 'tc-bench-fleet-'));
  const cleanups: (() => Promise<unknown>)[] = [
    () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
  ];
  const watches: ProcessWatch[] = [];
  try {
    const fleet: Fleet[] = Array.from({ length: DEVICES }, () => ({
      id: randomUUID(),
      thingId: randomUUID(),
    }));
    const fleetFile = join(dir, 'fleet.json');
    writeFileSync(fleetFile, JSON.stringify(fleet));
    const env: Record<string, string> = { BENCH_FLEET_FILE: fleetFile, DATA_DIR: join(dir, 'data') };
    let broker: { host: string; port: number; ca: string } | null = null;
    let mosquittoPid: number | undefined;
    if (setup === 'server') {
      const found = findMosquitto();
      if ('missing' in found) throw new Error(found.missing);
      const tls = await ensureLocalCertificates({
        dir: join(dir, 'mosquitto-tls'),
        names: ['127.0.0.1', 'localhost'],
        organization: 'Tinkercloud bench',
      });
      const certFile = join(dir, 'mosquitto-cert.pem');
      const keyFile = join(dir, 'mosquitto-key.pem');
      writeFileSync(certFile, tls.certPem);
      writeFileSync(keyFile, tls.keyPem);
      const mosquitto = await startMosquitto(found, {
        tls: { certFile, keyFile },
        dynsec: dynsecFleet(fleet),
      });
      cleanups.push(() => mosquitto.stop());
      mosquittoPid = mosquitto.pid();
      broker = { host: '127.0.0.1', port: mosquitto.tlsPort as number, ca: tls.caPem };
      env.BENCH_DATABASE = await throwawayDatabase(cleanups);
      env.MQTT_URL = mosquitto.url;
    } else {
      env.BENCH_PGLITE_DIR = join(dir, 'pglite');
    }
    const seedStarted = performance.now();
    let server = await startServer(env, dir, setup);
    cleanups.push(() => server.stop());
    console.log(
      `  ${setup}: server ready, ${fmt(DEVICES)} devices seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    let logins: { cert?: string; key?: string; username?: string; password?: string }[];
    if (setup === 'embedded') {
      const { tlsPort, serverCaPem, deviceCa } = server.ready;
      if (!tlsPort || !serverCaPem || !deviceCa) throw new Error('the server has no MQTT over TLS listener');
      broker = { host: '127.0.0.1', port: tlsPort, ca: serverCaPem };
      const signStarted = performance.now();
      const { rows, pems } = await signCertificates(fleet, deviceCa);
      await server.seedCerts(rows);
      console.log(
        `  ${setup}: ${fmt(DEVICES)} device certificates (${KEY_POOL} keys) signed here and stored in ${((performance.now() - signStarted) / 1000).toFixed(1)} s`,
      );
      logins = pems;
    } else {
      logins = fleet.map((d) => ({ username: d.id, password: PASSWORD }));
    }
    if (RESTART_AFTER_SEED) {
      const restartStarted = performance.now();
      await server.stop();
      // The cleanup pushed above stops whichever process `server` names by then.
      server = await startServer({ ...env, BENCH_FLEET_SEEDED: '1' }, dir, setup);
      if (setup === 'embedded') {
        const { tlsPort, serverCaPem } = server.ready;
        if (!tlsPort || !serverCaPem) throw new Error('the restarted server has no MQTT over TLS listener');
        broker = { host: '127.0.0.1', port: tlsPort, ca: serverCaPem };
      }
      console.log(
        `  ${setup}: server restarted on the stored fleet in ${((performance.now() - restartStarted) / 1000).toFixed(1)} s`,
      );
    }
    const target = broker as { host: string; port: number; ca: string };
    const clients = await startClients(
      target,
      fleet.map((d, i) => ({ index: i, clientId: d.id, thingId: d.thingId, ...logins[i] })),
      cleanups,
    );
    const clientWatches = clients.pids.map((pid) => watchProcess(pid));
    watches.push(...clientWatches);
    const clientsCpuS = () => clientWatches.reduce((n, w) => n + (w.take()?.cpuS ?? 0), 0);

    const serverWatch = watchProcess(server.pid);
    watches.push(serverWatch);
    const mosquittoWatch = mosquittoPid ? watchProcess(mosquittoPid) : null;
    if (mosquittoWatch) watches.push(mosquittoWatch);
    serverWatch.resetPeak();
    mosquittoWatch?.resetPeak();
    const rssBefore = serverWatch.take()?.rss ?? 0;
    const cpu0 = {
      server: serverWatch.take()?.cpuS ?? 0,
      broker: mosquittoWatch?.take()?.cpuS ?? 0,
      clients: clientsCpuS(),
    };

    const connect = await clients.connect();
    const clientsConnectCpuS = clientsCpuS() - cpu0.clients;
    const connectS = connect.firstPassS;
    const connectUsage = {
      server: usageOf(serverWatch, cpu0.server, connectS),
      broker: usageOf(mosquittoWatch, cpu0.broker, connectS),
    };
    const rssConnected = serverWatch.take()?.rss ?? 0;
    const brokerRssConnected = mosquittoWatch?.take()?.rss ?? 0;
    const connected = await connect.connected;
    console.log(
      `  ${setup}: ${fmt(DEVICES - connect.firstPassFailed)} of ${fmt(DEVICES)} connected in ${connectS.toFixed(1)} s ` +
        `(each ${fmt(connect.p50)} ms p50, ${fmt(connect.p99)} ms p99; ${connect.firstPassFailed} failed first${connect.errors.size > 0 ? `: ${[...connect.errors].map(([m, c]) => `${c}× ${m}`).join(', ')}` : ''}); ` +
        `${fmt(connected)} connected after a retry; server RSS ${mb(rssBefore)} → ${mb(rssConnected)}` +
        (mosquittoWatch ? `; Mosquitto RSS ${mb(brokerRssConnected)}` : ''),
    );

    const cpu1 = { server: serverWatch.take()?.cpuS ?? 0, broker: mosquittoWatch?.take()?.cpuS ?? 0 };
    const r = await clients.send();
    const steadyUsage = {
      server: usageOf(serverWatch, cpu1.server, SECONDS),
      broker: usageOf(mosquittoWatch, cpu1.broker, SECONDS),
    };
    const stillConnected = r.stillConnected;

    // With Mosquitto the PUBACK does not wait for the commit: wait for the rows.
    const commits: CommitStats = { perSecond: {}, latencies: [], last: 0 };
    let stored = 0;
    let progressAt = Date.now();
    for (;;) {
      const c = await server.count();
      for (const l of c.commits.latencies) commits.latencies.push(l);
      if (c.rows > stored) progressAt = Date.now();
      stored = c.rows;
      if (stored >= r.acked || Date.now() - progressAt > CATCH_UP_MS) break;
      await sleep(500);
    }
    commits.latencies.sort((a, b) => a - b);
    const clientsCpuTotalS = clientsCpuS() - cpu0.clients;
    const f = {
      setup,
      connectsPerS: (DEVICES - connect.firstPassFailed) / connectS,
      connectS,
      connected,
      stillConnected,
      peakRss: serverWatch.peak,
      brokerPeakRss: mosquittoWatch?.peak ?? 0,
      commitP50: percentile(commits.latencies, 0.5),
      commitP99: percentile(commits.latencies, 0.99),
      pubackP99: r.p99,
      sent: r.sent,
      acked: r.acked,
      failed: r.failed,
      stored,
      lost: r.acked - stored,
    };
    const where =
      setup === 'server'
        ? 'PostgreSQL + Mosquitto (TLS at Mosquitto)'
        : 'PGlite + embedded broker (TLS, certificates)';
    const goals = {
      connects: f.connectsPerS >= GOAL.connectsPerS && connected === DEVICES && connectS <= 60,
      rss: f.peakRss <= GOAL.rssBytes,
      p99: f.commitP99 <= GOAL.p99Ms && f.lost === 0 && r.failed === 0,
    };
    report({
      bench: 'bench:fleet',
      what: `TLS connects/s, ${fmt(DEVICES)} devices, ${where}`,
      value: f.connectsPerS,
      unit: 'connects/s',
      better: 'higher',
      goal: { text: `≥ ${GOAL.connectsPerS} connects/s, all within 60 s`, met: goals.connects },
    });
    report({
      bench: 'bench:fleet',
      what: `server process peak RSS, ${fmt(DEVICES)} sessions, ${where}`,
      value: f.peakRss / 1024 ** 2,
      unit: 'MB',
      better: 'lower',
      goal: { text: '≤ 1 GB', met: goals.rss },
    });
    report({
      bench: 'bench:fleet',
      what: `publish → commit p99, ${fmt(DEVICES / INTERVAL_S)} values/s, ${where}`,
      value: f.commitP99,
      unit: 'ms',
      better: 'lower',
      goal: { text: `≤ ${GOAL.p99Ms} ms, 0 lost`, met: goals.p99 },
    });
    console.log(
      [
        `${setup.padEnd(8)} ${where}`,
        `  connects: ${fmt(f.connectsPerS)}/s (${fmt(DEVICES)} in ${connectS.toFixed(1)} s, ${CONCURRENCY} at once), ${fmt(connected)} connected, ${fmt(stillConnected)} still connected at the end`,
        `  server process: peak RSS ${mb(f.peakRss)} (before connecting ${mb(rssBefore)}), CPU while connecting ${cpuPct(connectUsage.server)}, while sending ${cpuPct(steadyUsage.server)}`,
        ...(mosquittoWatch
          ? [
              `  Mosquitto: peak RSS ${mb(f.brokerPeakRss)}, CPU while connecting ${cpuPct(connectUsage.broker)}, while sending ${cpuPct(steadyUsage.broker)}`,
            ]
          : []),
        `  clients (${CLIENT_PROCESSES} processes): CPU while connecting ${fmt((100 * clientsConnectCpuS) / connectS)} % of a core, on average ${fmt((100 * clientsCpuTotalS) / (connectS + SECONDS))} % of a core`,
        `  values: sent ${fmt(f.sent)}, acknowledged ${fmt(f.acked)}, failed ${fmt(f.failed)}, stored ${fmt(f.stored)}, lost ${fmt(f.lost)}`,
        `  publish → commit p50 ${fmt(f.commitP50)} ms, p99 ${fmt(f.commitP99)} ms; publish → PUBACK p99 ${fmt(f.pubackP99)} ms`,
        `  goals: ≥ ${GOAL.connectsPerS} connects/s, all within 60 s ${goals.connects ? 'met' : 'missed'}; ≤ 1 GB RSS ${goals.rss ? 'met' : 'missed'}; p99 ≤ ${GOAL.p99Ms} ms and 0 lost ${goals.p99 ? 'met' : 'missed'}`,
      ].join('\n'),
    );
  } finally {
    for (const w of watches) w.stop();
    for (const c of cleanups.reverse()) await c().catch((err: unknown) => console.error(err));
  }
}

interface IngestFigures {
  messagesPerS: number;
  commitP99: number;
  lost: number;
  acked: number;
}

/** One step of the rate case: bench/ingest.mts on the server setup, one value per message, at `rate`. */
async function ingestStep(rate: number): Promise<IngestFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'tc-bench-rate-'));
  const file = join(dir, 'figures.jsonl');
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      BENCH_SETUP: 'server',
      BENCH_POINTS_PER_MESSAGE: '1',
      BENCH_RATE: String(rate),
      BENCH_SECONDS: String(RATE_SECONDS),
      BENCH_INGEST_FIGURES: file,
    };
    // Its own figures stay out of `npm run bench`'s table: this case reports the highest rate held.
    delete env.BENCH_REPORT;
    delete env.BENCH_DEVICES;
    const child = spawn(process.execPath, ['--import', 'tsx', INGEST], { stdio: 'inherit', env });
    const run = await new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
    if (run !== 0) throw new Error(`bench:ingest at ${rate} messages/s failed (exit ${run})`);
    return JSON.parse(readFileSync(file, 'utf8').trim().split('\n').pop() as string) as IngestFigures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runRate() {
  console.log(
    `Rate case: single-value messages, PostgreSQL + Mosquitto, ${RATE_SECONDS} s per step, steps ${RATE_STEPS.map(fmt).join(', ')} messages/s`,
  );
  let held = 0;
  let heldP99 = 0;
  for (const rate of RATE_STEPS) {
    const f = await ingestStep(rate);
    const ok = f.commitP99 <= GOAL.rateP99Ms && f.lost === 0 && f.messagesPerS >= 0.95 * rate;
    console.log(
      `  step ${fmt(rate)} messages/s: committed ${fmt(f.messagesPerS)}/s, publish → commit p99 ${fmt(f.commitP99)} ms, lost ${fmt(f.lost)} → ${ok ? 'held' : 'not held'}`,
    );
    if (!ok) break;
    held = rate;
    heldP99 = f.commitP99;
  }
  console.log(
    `  highest rate held for ${RATE_SECONDS} s with p99 ≤ 1 s: ${held > 0 ? `${fmt(held)} messages/s (p99 ${fmt(heldP99)} ms)` : 'none of the steps'}; goal ≥ ${fmt(GOAL.rate)} ${held >= GOAL.rate ? 'met' : 'missed'}`,
  );
  report({
    bench: 'bench:fleet',
    what: `single-value messages/s held ${RATE_SECONDS} s, p99 ≤ 1 s, PostgreSQL + Mosquitto`,
    value: held,
    unit: 'messages/s',
    better: 'higher',
    goal: { text: `≥ ${fmt(GOAL.rate)} messages/s`, met: held >= GOAL.rate },
  });
}

const keepAlive = setInterval(() => undefined, 1000);
if (CASE === 'fleet' || CASE === 'both') {
  console.log(
    `Fleet case: ${fmt(DEVICES)} devices over TLS (${TLS_MAX} at most), then one value each every ${INTERVAL_S} s for ${SECONDS} s`,
  );
  const setups =
    SETUP === 'both' ? (['embedded', 'server'] as const) : ([SETUP] as ('embedded' | 'server')[]);
  for (const setup of setups) await runFleet(setup);
}
if (CASE === 'rate' || CASE === 'both') await runRate();
clearInterval(keepAlive);

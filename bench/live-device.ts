// The device case of `npm run bench:live` (issue 5 item 9, "publish → browser p99 ≤ 50 ms at 1,000 messages/s"):
// the server runs as production runs it, in a process of its own with the embedded broker; N device clients
// (raw mqtt.js, SenML CBOR of @tinkercloud/device-protocol) publish on their things' `e/o`, and a browser-like
// reader holds `GET /live/v1/events`. Each value is a sequence number whose send time this process noted, so
// the latency is send → the `properties.value` event read from the stream: broker, ingest, commit, bus, SSE.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { encodeSenml, valueToRecords } from '@tinkercloud/device-protocol';
import { connectAsync, type MqttClient } from 'mqtt';
import { freePort } from '../apps/server/test/free-port.ts';
import { startServerProcess } from '../apps/server/test/server-process.ts';
import { httpStream } from '../apps/server/test/sse.ts';
import { apiSession } from '../e2e/support/api.ts';
import { brokerRoundTrip } from './broker-round-trip.ts';
import { GOAL_P99_MS, printLatency, sendAtRate } from './latency.ts';
import { benchAccount, prepareDatabase } from './prepared-database.ts';
import { report } from './report.ts';

export interface DeviceCaseOptions {
  database: 'pglite' | 'postgres';
  seconds: number;
  rate: number;
  devices: number;
  qos: 0 | 1;
  /** Seconds at the full rate before measuring. */
  warmupSeconds: number;
}

const ACCOUNT = benchAccount('benchlive');

/** CPU seconds a process has used so far (Linux; NaN elsewhere). */
function cpuSecondsOf(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

const percent = (cpuSeconds: number, seconds: number) =>
  Number.isNaN(cpuSeconds) ? 'n/a' : `${Math.round((cpuSeconds / seconds) * 100)} %`;

const WINDOW_S = 5;
/** Seconds of the broker round trip measured after the live case. */
const ROUND_TRIP_SECONDS = 10;

/** The p99 of each window of `size` consecutive messages: a rising series means the server fell behind. */
function windowP99(latencyOf: Float64Array, size: number): string {
  const out: string[] = [];
  for (let from = 0; from < latencyOf.length; from += size) {
    const w = [...latencyOf.subarray(from, from + size)]
      .filter((x) => !Number.isNaN(x))
      .sort((a, b) => a - b);
    out.push(w.length ? `${Math.round(w[Math.floor(0.99 * (w.length - 1))] as number)}` : '-');
  }
  return `${out.join(' / ')} ms`;
}

export async function deviceCase(opts: DeviceCaseOptions) {
  const prepared = await prepareDatabase(opts.database, ACCOUNT);
  const mqttPort = await freePort();
  const clients: MqttClient[] = [];
  let stream: Awaited<ReturnType<typeof httpStream>> | undefined;
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    server = await startServerProcess({
      ...prepared.env,
      MQTT_PORT: String(mqttPort),
      MQTT_HOST: '127.0.0.1',
      IOT_RATE_LIMIT_PER_MINUTE: '0',
      // Each bench device sends far more than a board may (100 messages a second at the default rate).
      MQTT_DEVICE_MESSAGES_PER_SECOND: '0',
    });
    // Signed in as a browser is: the embedded provider's pages, then its token endpoint.
    const session = await apiSession(server.url, ACCOUNT);
    const devices: { id: string; secret: string; thingId: string }[] = [];
    for (let i = 0; i < opts.devices; i += 1) {
      const device = await session.call<{ id: string }>('PUT', '/iot/v2/devices', {
        name: `bench-${i}`,
        type: 'login_and_secretkey_wifi',
      });
      const secret = `bench-${randomBytes(12).toString('hex')}`;
      await session.call('PUT', `/iot/v2/devices/${device.id}/pass`, { password: secret });
      const thing = await session.call<{ id: string }>('PUT', '/iot/v2/things', {
        name: `Bench ${i}`,
        device_id: device.id,
        properties: [
          {
            name: 'seq',
            variable_name: 'seq',
            type: 'INT',
            permission: 'READ_ONLY',
            update_strategy: 'ON_CHANGE',
          },
        ],
      });
      devices.push({ ...device, secret, thingId: thing.id });
    }

    stream = await httpStream(`${server.url}/live/v1/events`, {
      authorization: `Bearer ${session.accessToken}`,
    });
    if (stream.statusCode !== 200) throw new Error(`the event stream answered ${stream.statusCode}`);
    const reader = stream.reader;
    await reader.nextOf('snapshot', 30_000);
    for (const d of devices) {
      clients.push(
        await connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
          protocolVersion: 4,
          clientId: d.id,
          username: d.id,
          password: d.secret,
          reconnectPeriod: 0,
        }),
      );
    }
    const publish = (i: number, value: number) =>
      clients[i % clients.length]?.publish(
        `/a/t/${devices[i % devices.length]?.thingId}/e/o`,
        Buffer.from(encodeSenml(valueToRecords('seq', 'INT', value))),
        { qos: opts.qos },
      );

    // Warm-up: one value per device (negative, so not measured) until each has reached the stream.
    const warm = new Set<number>();
    const warmUntil = Date.now() + 30_000;
    while (warm.size < devices.length) {
      if (Date.now() > warmUntil) throw new Error('warm-up values did not reach the event stream');
      for (let i = 0; i < devices.length; i += 1) if (!warm.has(-1 - i)) publish(i, -1 - i);
      const until = Date.now() + 1000;
      while (warm.size < devices.length && Date.now() < until) {
        const msg = await reader.next(200).catch(() => null);
        if (msg?.event === 'properties.value') warm.add((msg.data as { value: number }).value);
      }
    }
    // Then the full rate for a while, unmeasured, so the figures are of a warm server (JIT, caches, pools).
    if (opts.warmupSeconds > 0) {
      await sendAtRate(opts.rate, opts.warmupSeconds, (seq) => publish(seq, -1_000_000 - seq));
    }
    // Until the stream has been quiet for half a second.
    for (const quietUntil = Date.now() + 15_000; Date.now() < quietUntil; ) {
      if (!(await reader.next(500).catch(() => null))) break;
    }

    const total = Math.round(opts.rate * opts.seconds);
    const sentAt = new Float64Array(total);
    const latencies: number[] = [];
    const latencyOf = new Float64Array(total).fill(Number.NaN);
    let done = false;
    const consumer = (async () => {
      while (!done || reader.pending().length > 0) {
        const msg = await reader.next(2000).catch(() => null);
        if (!msg) {
          if (done || reader.ended) break;
          continue;
        }
        if (msg.event !== 'properties.value') continue;
        const seq = (msg.data as { value: number }).value;
        if (seq >= 0 && seq < total && Number.isNaN(latencyOf[seq])) {
          latencyOf[seq] = performance.now() - (sentAt[seq] as number);
          latencies.push(latencyOf[seq] as number);
        }
      }
    })();
    const load = loadavg();
    const cpuBefore = { server: cpuSecondsOf(server.pid), bench: process.cpuUsage() };
    const elapsed = await sendAtRate(opts.rate, opts.seconds, (seq) => {
      sentAt[seq] = performance.now();
      publish(seq, seq);
    });
    const deadline = Date.now() + 5000;
    while (latencies.length < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const serverCpu = cpuSecondsOf(server.pid) - cpuBefore.server;
    const benchCpu = process.cpuUsage(cpuBefore.bench);
    done = true;
    await consumer;

    // The limit of the broker, measured in the same run: the same devices and rate, read by a subscriber.
    const me = await session.call<{ id: string }>('GET', '/users/v1/users/byID/me');
    const roundTrip = await brokerRoundTrip({
      brokerUrl: `mqtt://127.0.0.1:${mqttPort}`,
      userId: me.id,
      accessToken: session.accessToken,
      devices: clients.map((client, i) => ({ client, thingId: devices[i]?.thingId as string })),
      rate: opts.rate,
      seconds: Math.min(opts.seconds, ROUND_TRIP_SECONDS),
    });
    const p99 = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? Number.NaN;
    };
    const brokerP99 = p99(roundTrip.latencies);
    report({
      bench: 'bench:live',
      what: `device → browser p99, ${opts.rate} messages/s, ${opts.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
      value: p99(latencies),
      unit: 'ms',
      better: 'lower',
      limit: { what: 'device → subscriber through the same broker', value: brokerP99 },
      goal: {
        text: `≤ ${GOAL_P99_MS} ms, 0 lost`,
        met: p99(latencies) <= GOAL_P99_MS && latencies.length === total,
      },
    });
    const store = opts.database === 'pglite' ? 'PGlite' : 'PostgreSQL';
    printLatency(
      `live (device): ${opts.devices} devices → embedded Aedes → ingest → ${store} → SSE over HTTP, server in its own process, QoS ${opts.qos}`,
      { sent: total, elapsed, expected: total, received: latencies.length, latencies },
      [
        `load average at start ${load.map((l) => l.toFixed(1)).join(' ')} (${availableParallelism()} cores)`,
        `p99 per ${WINDOW_S} s of sending: ${windowP99(latencyOf, opts.rate * WINDOW_S)}`,
        `broker alone (device publish → application subscription, same broker and rate, ${Math.min(opts.seconds, ROUND_TRIP_SECONDS)} s): received ${roundTrip.latencies.length} of ${roundTrip.sent}, p99 ${brokerP99.toFixed(1)} ms; live p99 is ${(p99(latencies) / brokerP99).toFixed(1)}× it`,
        `CPU while sending: server process ${percent(serverCpu, elapsed)} of a core, this process (devices, reader) ${percent((benchCpu.user + benchCpu.system) / 1e6, elapsed)}`,
      ],
    );
  } finally {
    stream?.close();
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
    await server?.stop();
    await prepared.drop();
  }
}

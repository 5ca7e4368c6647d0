// Prints requests/s and p50/p99 latency of the IoT API (issue 4 item 8): an authenticated GET /iot/v2/devices in
// a team space holding 1,000 devices, and POST /iot/v2/series/batch_query_raw. The server runs in this process
// on 127.0.0.1 (database: DATABASE_URL when set, else embedded PGlite); the load generator (bench/load-generator.ts,
// or autocannon with BENCH_TOOL=autocannon) runs as a child process so both get a core. Goal: at least 2,000
// req/s with p99 under 50 ms.
// The device list is asked for as real clients ask (the official client and browsers send
// Accept-Encoding: gzip), then without gzip, then revalidated with If-None-Match (answered 304).
// First an empty route behind the same authentication and space gate (answers {}) is measured: the limit of the
// server itself, which the other figures are read against (issue 15 item 7).
import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { iotDevices, iotProperties, iotThings } from '../apps/server/src/db/schema/index.ts';
import { spaceRoute } from '../apps/server/src/http/route-access.ts';
import { createSpacesRepository } from '../apps/server/src/modules/spaces/spaces.repository.ts';
import { createTestApp } from '../apps/server/test/app.ts';
import { report } from './report.ts';

const run = promisify(execFile);
const DEVICES = 1000;
const VALUES = 1000;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const GOAL = { rps: 2000, p99: 50 };
const autocannon = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));
const generator = fileURLToPath(new URL('./load-generator.ts', import.meta.url));
// autocannon decodes every body into a string: for gzip bodies it spends more CPU than the server does.
const TOOL = process.env.BENCH_TOOL === 'autocannon' ? 'autocannon' : 'load-generator';

/** The limit of the server itself: a route that authenticates and passes the space gate, then answers {}. */
const EMPTY_ROUTE = '/bench/empty';
const t = await createTestApp(
  { IOT_RATE_LIMIT_PER_MINUTE: '0' },
  {
    extraRoutes: (app) =>
      app.get(EMPTY_ROUTE, { onRequest: app.authenticate, config: spaceRoute('iot.read') }, async () => ({})),
  },
);
try {
  const user = await t.createUser();
  const spaces = createSpacesRepository(t.db);
  const org = await spaces.insert({
    name: 'Bench team',
    space: 'pro',
    joinCode: 'BENCH001',
    planId: 'cloud-enterprise',
  });
  await spaces.insertMembership(org.id, user.id, ['role:pro-admin']);
  const owner = { organizationId: org.id, ownerUserId: user.id };
  await t.db.insert(iotDevices).values(
    Array.from({ length: DEVICES }, (_, i) => ({
      ...owner,
      name: `device-${String(i).padStart(4, '0')}`,
      type: 'mkrwifi1010',
      fqbn: 'arduino:samd:mkrwifi1010',
      serial: `SN${i}`,
      tags: { room: `r${i % 10}` },
    })),
  );
  const [thing] = await t.db
    .insert(iotThings)
    .values({ ...owner, name: 'Bench thing', timezone: 'UTC' })
    .returning();
  if (!thing) throw new Error('no thing');
  const [property] = await t.db
    .insert(iotProperties)
    .values({
      thingId: thing.id,
      name: 'temp',
      variableName: 'temp',
      type: 'FLOAT',
      permission: 'READ_ONLY',
      updateStrategy: 'ON_CHANGE',
    })
    .returning();
  if (!property) throw new Error('no property');
  const t0 = Date.now() - VALUES * 1000;
  await t.telemetry.write(
    Array.from({ length: VALUES }, (_, i) => ({
      propertyId: property.id,
      at: new Date(t0 + i * 1000),
      value: i / 10,
      num: i / 10,
    })),
  );

  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const headerObject: Record<string, string> = {
    authorization: `Bearer ${await t.tokenFor(user.id)}`,
    'x-organization': org.id,
    accept: 'application/vnd.arduino.devicev2+json; type=collection',
  };
  // node:http, not fetch: fetch would undo the gzip and hide whether the server sent it.
  const check = await new Promise<{ status: number; encoding?: string; etag?: string; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        `${base}/iot/v2/devices`,
        { headers: { ...headerObject, 'accept-encoding': 'gzip' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              encoding: res.headers['content-encoding'],
              etag: res.headers.etag,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
  const plainJson = check.encoding === 'gzip' ? gunzipSync(check.body) : check.body;
  const list = JSON.parse(plainJson.toString()) as unknown[];
  if (check.status !== 200 || list.length !== DEVICES || check.encoding !== 'gzip' || !check.etag)
    throw new Error(`setup: ${check.status}, ${list.length} devices, encoding ${check.encoding}`);
  const sizes = `${Math.round(plainJson.length / 1024)} KB JSON, ${Math.round(check.body.length / 1024)} KB gzip`;

  const body = JSON.stringify({
    resp_version: 1,
    requests: [{ q: `property.${property.id}`, series_limit: 100 }],
  });
  const devicesUrl = `${base}/iot/v2/devices`;
  type Case = {
    name: string;
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** The empty route: measured first, the others are reported against it. */
    limit?: true;
    /** Run, not printed: the server's code is warm (JIT, pools) before the first figure. */
    warmup?: true;
  };
  const cases: Case[] = [
    { name: 'warm-up', url: `${base}${EMPTY_ROUTE}`, warmup: true },
    {
      name: `GET ${EMPTY_ROUTE} (authenticated, space gate, answers {})`,
      url: `${base}${EMPTY_ROUTE}`,
      limit: true,
    },
    {
      name: `GET /iot/v2/devices (${DEVICES} devices, accept-encoding: gzip, ${sizes})`,
      url: devicesUrl,
      headers: { 'accept-encoding': 'gzip' },
    },
    { name: `GET /iot/v2/devices (${DEVICES} devices, no gzip)`, url: devicesUrl },
    {
      name: `GET /iot/v2/devices (${DEVICES} devices, if-none-match: 304)`,
      url: devicesUrl,
      headers: { 'if-none-match': check.etag },
    },
    {
      name: 'POST /iot/v2/series/batch_query_raw (100 of 1,000 values)',
      url: `${base}/iot/v2/series/batch_query_raw`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    },
  ];
  console.log(
    `api bench: ${t.databaseName ? 'PostgreSQL' : 'PGlite'}, ${CONNECTIONS} connections, ${DURATION_S} s each, ` +
      `load from ${TOOL === 'autocannon' ? 'autocannon' : 'bench/load-generator.ts'}, node ${process.version}`,
  );
  const only = process.env.BENCH_ONLY;
  let emptyRps = 0;
  for (const c of cases.filter((x) => !only || x.limit || x.warmup || x.name.includes(only))) {
    const all = { ...headerObject, ...c.headers };
    const args =
      TOOL === 'autocannon'
        ? [
            autocannon,
            '-j',
            '-c',
            String(CONNECTIONS),
            '-d',
            String(DURATION_S),
            ...Object.entries(all).flatMap(([k, v]) => ['-H', `${k}=${v}`]),
            ...(c.method ? ['-m', c.method] : []),
            ...(c.body ? ['-b', c.body] : []),
            c.url,
          ]
        : [
            '--import',
            'tsx',
            generator,
            JSON.stringify({
              url: c.url,
              method: c.method,
              headers: all,
              body: c.body,
              connections: CONNECTIONS,
              seconds: DURATION_S,
            }),
          ];
    const cpuBefore = process.cpuUsage();
    const { stdout } = await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
    const r = JSON.parse(stdout) as {
      requests: { average: number };
      latency: { p50: number; p99: number };
      errors: number;
      throughput: { average: number };
      statusCodeStats?: Record<string, { count: number }>;
    };
    const cpu = process.cpuUsage(cpuBefore);
    const answered = Object.values(r.statusCodeStats ?? {}).reduce((n, x) => n + x.count, 0);
    // CPU time of this process (the server) per answer: what the load generator and others cannot inflate.
    const cpuPerAnswer = answered ? Math.round((cpu.user + cpu.system) / answered) : 0;
    const statuses = Object.entries(r.statusCodeStats ?? {})
      .map(([code, { count }]) => `${count} × ${code}`)
      .join(', ');
    if (c.warmup) continue;
    const ok = r.requests.average >= GOAL.rps && r.latency.p99 < GOAL.p99;
    if (c.limit) emptyRps = r.requests.average;
    else
      report({
        bench: 'bench:api',
        what: c.name,
        value: r.requests.average,
        unit: 'req/s',
        better: 'higher',
        ...(emptyRps > 0 ? { limit: { what: 'an empty authenticated route', value: emptyRps } } : {}),
        goal: { text: `≥ ${GOAL.rps} req/s, p99 < ${GOAL.p99} ms`, met: ok },
      });
    console.log(
      `${c.name}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ` +
        `${(r.throughput.average / 1048576).toFixed(1)} MB/s, ${statuses || 'no answers'}, ${r.errors} errors, server CPU ${cpuPerAnswer} µs/answer ` +
        `(goal ≥ ${GOAL.rps} req/s, p99 < ${GOAL.p99} ms: ${ok ? 'met' : 'not met'})`,
    );
  }
} finally {
  await t.close();
}

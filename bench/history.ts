// Prints the figures of the history benchmark (issue 5 item 9): one property holding one value per second for
// 15 days (1.3 M points) written through the telemetry store's batch write (points/s), then the 15-day chart
// of 500 buckets timed from the store and through the HTTP series API (p50/p99 over repeated runs). The
// server runs in this process on 127.0.0.1 (database: DATABASE_URL when set, else embedded PGlite).
// Goal: a 15-day chart in at most 50 ms.
import { iotProperties, iotThings } from '../apps/server/src/db/schema/index.ts';
import { createPlansRepository } from '../apps/server/src/modules/plans/plans.repository.ts';
import { createTestApp } from '../apps/server/test/app.ts';
import { report } from './report.ts';

const DAYS = Number(process.env.BENCH_DAYS ?? 15);
const BATCH = Number(process.env.BENCH_BATCH ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BUCKETS = 500;
const GOAL_MS = 50;
const DAY_MS = 86_400_000;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
async function timed(runs: number, fn: () => Promise<void>) {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
}
const fmt = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));

const t = await createTestApp({ IOT_RATE_LIMIT_PER_MINUTE: '0' });
try {
  const user = await t.createUser();
  // Maker Plus keeps values a year, so 15 days stay in their day tables.
  await createPlansRepository(t.db).upsertUserPlan(user.id, 'create-maker-plus', null);
  const [thing] = await t.db
    .insert(iotThings)
    .values({ ownerUserId: user.id, name: 'History bench', timezone: 'UTC' })
    .returning();
  if (!thing) throw new Error('no thing');
  const [property] = await t.db
    .insert(iotProperties)
    .values({
      thingId: thing.id,
      name: 'temperature',
      variableName: 'temperature',
      type: 'TEMPERATURE_C',
      permission: 'READ_ONLY',
      updateStrategy: 'ON_CHANGE',
    })
    .returning();
  if (!property) throw new Error('no property');
  console.log(
    `history bench: ${t.databaseName ? 'PostgreSQL' : 'PGlite'}, ${DAYS} days at 1 value/s, batches of ${BATCH}, node ${process.version}`,
  );

  const to = new Date();
  const from = new Date(to.getTime() - DAYS * DAY_MS);
  // The day tables a running server would have made as the days went by.
  for (let d = DAYS + 1; d >= 0; d -= 1) await t.telemetry.maintain(new Date(to.getTime() - d * DAY_MS));

  const total = DAYS * 86_400;
  const start = performance.now();
  let stored = 0;
  for (let i = 0; i < total; i += BATCH) {
    const points = [];
    for (let s = i; s < Math.min(total, i + BATCH); s += 1) {
      const v = Math.round((20 + 5 * Math.sin(s / 3600) + (s % 17) / 10) * 100) / 100;
      points.push({ propertyId: property.id, at: new Date(from.getTime() + s * 1000), value: v, num: v });
    }
    stored += await t.telemetry.write(points);
    if ((i / BATCH) % 50 === 0) process.stdout.write(`\r  written ${stored.toLocaleString('en')} points`);
  }
  const writeS = (performance.now() - start) / 1000;
  console.log(
    `\rwrite: ${stored.toLocaleString('en')} points in ${writeS.toFixed(1)} s = ${Math.round(stored / writeS).toLocaleString('en')} points/s (store.write, ${BATCH} per batch)`,
  );

  const intervalS = Math.ceil((to.getTime() - from.getTime()) / 1000 / BUCKETS);
  let buckets = 0;
  let resolution = '';
  const store = await timed(RUNS, async () => {
    const r = await t.telemetry.aggregate(property.id, {
      from,
      to,
      intervalS,
      aggregation: 'AVG',
      desc: false,
      limit: BUCKETS,
    });
    buckets = r.points.length;
    resolution = r.resolution;
  });
  console.log(
    `15-day chart, store: ${buckets} buckets of ${intervalS} s read from ${resolution === 'raw' ? 'raw points' : `${resolution} rollups`}, p50 ${fmt(store.p50)} ms, p99 ${fmt(store.p99)} ms over ${RUNS} runs (goal ≤ ${GOAL_MS} ms: ${store.p99 <= GOAL_MS ? 'met' : 'not met'})`,
  );

  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const token = await t.tokenFor(user.id);
  const body = JSON.stringify({
    resp_version: 1,
    requests: [
      { q: `property.${property.id}`, from: from.toISOString(), to: to.toISOString(), series_limit: BUCKETS },
    ],
  });
  let answered = 0;
  const http = await timed(RUNS, async () => {
    const res = await fetch(`${base}/iot/v2/series/batch_query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
    const json = (await res.json()) as { responses: { count_values: number }[] };
    if (res.status !== 200) throw new Error(`batch_query answered ${res.status}`);
    answered = json.responses[0]?.count_values ?? 0;
  });
  report({
    bench: 'bench:history',
    what: '15-day chart, POST /iot/v2/series/batch_query p99',
    value: http.p99,
    unit: 'ms',
    better: 'lower',
    limit: { what: 'the same buckets from the store, no HTTP', value: store.p99 },
    goal: { text: `≤ ${GOAL_MS} ms`, met: http.p99 <= GOAL_MS },
  });
  console.log(
    `15-day chart, POST /iot/v2/series/batch_query: ${answered} buckets, p50 ${fmt(http.p50)} ms, p99 ${fmt(http.p99)} ms over ${RUNS} runs (goal ≤ ${GOAL_MS} ms: ${http.p99 <= GOAL_MS ? 'met' : 'not met'})`,
  );

  // For comparison: the same buckets from the raw points (a median needs them).
  const raw = await timed(3, async () => {
    await t.telemetry.aggregate(property.id, {
      from,
      to,
      intervalS,
      aggregation: 'PCT_50',
      desc: false,
      limit: BUCKETS,
    });
  });
  console.log(
    `15-day chart from ${total.toLocaleString('en')} raw points (PCT_50), for comparison: p50 ${fmt(raw.p50)} ms`,
  );
} finally {
  await t.close();
}

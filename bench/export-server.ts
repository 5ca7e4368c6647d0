// The server side of `npm run bench:export` (bench/export.ts starts it as a child process, so the memory it
// reports is the server's alone): the HTTP app on a fresh database (DATABASE_URL when set, else embedded
// PGlite) holding BENCH_EXPORT_POINTS points spread over BENCH_EXPORT_PROPERTIES properties of one thing,
// one per second each. Talks to its parent over IPC: "ready" with what to export, then "measure" (the RSS
// baseline, sampled from then on) and "peak", then "stop".
import { sql } from 'drizzle-orm';
import { iotProperties, iotThings } from '../apps/server/src/db/schema/index.ts';
import { createPlansRepository } from '../apps/server/src/modules/plans/plans.repository.ts';
import { createTestApp } from '../apps/server/test/app.ts';

export type ToParent =
  | {
      kind: 'ready';
      base: string;
      token: string;
      propertyIds: string[];
      from: string;
      to: string;
      stored: number;
      database: string;
      seedS: number;
    }
  | { kind: 'measuring' }
  | { kind: 'peak'; baselineRss: number; peakRss: number; atPeak: NodeJS.MemoryUsage }
  | { kind: 'error'; message: string };
export type ToChild = { kind: 'measure' } | { kind: 'peak' } | { kind: 'stop' };

const send = (m: ToParent) => process.send?.(m);
const POINTS = Number(process.env.BENCH_EXPORT_POINTS ?? 5_000_000);
const PROPERTIES = Number(process.env.BENCH_EXPORT_PROPERTIES ?? 5);
/** Rows per INSERT of the seed. */
const SEED_BATCH = 250_000;
const DAY_MS = 86_400_000;

const t = await createTestApp({ IOT_RATE_LIMIT_PER_MINUTE: '0' });
let baselineRss = 0;
let peakRss = 0;
/** The heap, array buffers and external memory when RSS peaked: where the growth is. */
let atPeak: NodeJS.MemoryUsage = process.memoryUsage();
let sampler: NodeJS.Timeout | undefined;

try {
  const user = await t.createUser();
  // Maker Plus keeps values a year: the seeded days stay in their week tables through maintenance.
  await createPlansRepository(t.db).upsertUserPlan(user.id, 'create-maker-plus', null);
  const [thing] = await t.db
    .insert(iotThings)
    .values({ ownerUserId: user.id, name: 'Export bench', timezone: 'UTC' })
    .returning();
  if (!thing) throw new Error('no thing');
  const properties = await t.db
    .insert(iotProperties)
    .values(
      Array.from({ length: PROPERTIES }, (_, i) => ({
        thingId: thing.id,
        name: `sensor_${i}`,
        variableName: `sensor_${i}`,
        type: 'FLOAT',
        permission: 'READ_ONLY' as const,
        updateStrategy: 'ON_CHANGE' as const,
      })),
    )
    .returning();
  const perProperty = Math.ceil(POINTS / PROPERTIES);
  const to = new Date(Math.floor(Date.now() / 1000) * 1000);
  const from = new Date(to.getTime() - perProperty * 1000);
  // The week tables a running server would have made as the days went by.
  for (let d = Math.ceil(perProperty / 86_400) + 1; d >= 0; d -= 1) {
    await t.telemetry.maintain(new Date(to.getTime() - d * DAY_MS));
  }
  // The points go straight into the points table (class 3, Maker Plus) in large INSERT … SELECTs: the export
  // reads only that table, and the store's write path (rollups, last values) would take minutes to seed this.
  const started = performance.now();
  let stored = 0;
  for (const [n, p] of properties.entries()) {
    const count = Math.min(perProperty, POINTS - n * perProperty);
    for (let i = 0; i < count; i += SEED_BATCH) {
      const end = Math.min(count, i + SEED_BATCH) - 1;
      await t.db.execute(sql`
        insert into telemetry_points (property_id, at, retention, value, num)
        select ${p.id}::uuid, ${from.toISOString()}::timestamptz + g * interval '1 second', 3,
               to_jsonb(round((20 + 5 * sin(g / 3600.0) + (g % 17) / 10.0)::numeric, 2)),
               round((20 + 5 * sin(g / 3600.0) + (g % 17) / 10.0)::numeric, 2)::float8
        from generate_series(${i}::int, ${end}::int) g`);
      stored += end - i + 1;
      console.log(`seeded ${stored} points`);
    }
  }
  await t.db.execute(sql`analyze telemetry_points`);
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  send({
    kind: 'ready',
    base,
    token: await t.tokenFor(user.id),
    propertyIds: properties.map((p) => p.id),
    from: from.toISOString(),
    to: to.toISOString(),
    stored,
    database: t.databaseName ? 'PostgreSQL' : 'PGlite',
    seedS: (performance.now() - started) / 1000,
  });
} catch (err) {
  send({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
}

process.on('message', async (m: ToChild) => {
  if (m.kind === 'measure') {
    // Run with --expose-gc: the baseline is the heap the export starts from, not garbage of the seeding.
    globalThis.gc?.();
    baselineRss = process.memoryUsage.rss();
    peakRss = baselineRss;
    sampler = setInterval(() => {
      const rss = process.memoryUsage.rss();
      if (rss > peakRss) {
        peakRss = rss;
        atPeak = process.memoryUsage();
      }
    }, 10);
    send({ kind: 'measuring' });
    return;
  }
  if (m.kind === 'peak') {
    clearInterval(sampler);
    send({ kind: 'peak', baselineRss, peakRss, atPeak });
    return;
  }
  await t.close();
  process.exit(0);
});

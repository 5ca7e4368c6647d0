// `npm run bench:pglite-statement`: the time of one drizzle statement on the embedded database (a select of one
// row by key, as most of the server's reads are), with the parsers drizzle hands PGlite with each statement and
// without them (apps/server/src/db/pglite-parsers.ts, as the server runs). The two alternate for
// BENCH_ROUNDS (3) rounds of BENCH_STATEMENTS (5,000) statements, each on a fresh in-memory PGlite, so one's
// garbage and cache do not favour the other; it prints the wall time and this process's CPU (the collector's
// threads included) per statement.
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { parseDrizzleTypesAsText } from '../apps/server/src/db/pglite-parsers.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const STATEMENTS = Number(process.env.BENCH_STATEMENTS ?? 5000);
const ROWS = 1000;
const WARM_UP = 500;

const devices = pgTable('devices', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

async function measure(withoutParsers: boolean) {
  const client = new PGlite();
  await client.waitReady;
  await client.exec(`create table devices (id int primary key, name text not null, seen_at timestamptz not null);
    insert into devices select g, 'device ' || g, now() from generate_series(1, ${ROWS}) g`);
  if (withoutParsers) parseDrizzleTypesAsText(client);
  const db = drizzle({ client });
  const select = (i: number) =>
    db
      .select()
      .from(devices)
      .where(eq(devices.id, (i % ROWS) + 1));
  for (let i = 0; i < WARM_UP; i += 1) await select(i);
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < STATEMENTS; i += 1) await select(i);
  const used = process.cpuUsage(cpu);
  const wallUs = ((performance.now() - started) * 1000) / STATEMENTS;
  await client.close();
  return { wallUs, cpuUs: (used.user + used.system) / STATEMENTS };
}

console.log(`drizzle select by key on PGlite, ${STATEMENTS} statements a round, node ${process.version}`);
for (let round = 1; round <= ROUNDS; round += 1) {
  for (const withoutParsers of [false, true]) {
    const { wallUs, cpuUs } = await measure(withoutParsers);
    const label = withoutParsers
      ? 'without per-statement parsers (as the server runs)'
      : "with drizzle's parsers";
    console.log(
      `  round ${round}, ${label}: ${wallUs.toFixed(0)} µs a statement, CPU ${cpuUs.toFixed(0)} µs`,
    );
  }
}

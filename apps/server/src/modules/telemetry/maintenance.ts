import { RETENTION_CLASSES } from '@tinkercloud/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-results.ts';
import {
  addDays,
  classTable,
  defaultPartition,
  PARTITION_DAYS,
  parseSpanPartition,
  spanPartition,
  spanStart,
  TELEMETRY_TABLES,
} from './partitions.ts';
import { type RetentionDays, retentionCode, retentionCutoff } from './retention.ts';

export interface MaintenanceReport {
  created: string[];
  dropped: string[];
  /** Expired rows deleted from the default partitions (late or far-off points). */
  purged: number;
}

// Several server processes may run maintenance at once; they take turns through this lock.
const MAINTENANCE_LOCK_KEY = 727_274_002;
/** Tables exist this far ahead of now, so midnight never sends points to a default partition. */
const AHEAD_DAYS = 1;

// Every name and date below is made here (fixed table names, ISO dates), never taken from input.
const ident = (name: string) => `"${name}"`;
const literal = (d: Date) => `'${d.toISOString()}'`;

async function existingSpanPartitions(db: Database) {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select relname as name from pg_class
        where relkind = 'r' and relname ~ '^telemetry_(points|minutes|hours)_r[0-9]+_[0-9]{8}$'
          and pg_table_is_visible(oid)`,
  );
  return rows.map((r) => r.name);
}

/**
 * Creating a span's table while the default partition holds rows of that span fails, so those rows (points
 * that arrived before the table existed) move into it. Usually there are none and it is a bare CREATE.
 */
function createSpanStatement(
  parent: string,
  fallback: string,
  name: string,
  time: string,
  start: Date,
  end: Date,
) {
  const range = `${ident(time)} >= ${literal(start)} and ${ident(time)} < ${literal(end)}`;
  const create = `create table if not exists ${ident(name)} partition of ${ident(parent)} for values from (${literal(start)}) to (${literal(end)});`;
  return `
  if exists (select 1 from ${ident(fallback)} where ${range}) then
    create temporary table telemetry_moving on commit drop as select * from ${ident(fallback)} where ${range};
    delete from ${ident(fallback)} where ${range};
    ${create}
    insert into ${ident(parent)} select * from telemetry_moving;
    drop table telemetry_moving;
  else
    ${create}
  end if;`;
}

/**
 * Retention by whole tables: a class's table goes once its whole span is older than the class's retention;
 * expired stragglers in the default partitions are deleted row by row (they are few). Then the tables
 * holding now and the next day are made for every class. All of it runs as one block on the server:
 * one round trip and one commit, holding the class tables' locks for milliseconds, once a day.
 */
export async function maintainPartitions(
  db: Database,
  retention: RetentionDays,
  now = new Date(),
): Promise<MaintenanceReport> {
  const report: MaintenanceReport = { created: [], dropped: [], purged: 0 };
  const existing = new Set(await existingSpanPartitions(db));
  const statements: string[] = [];
  for (const name of [...existing].sort()) {
    const p = parseSpanPartition(name);
    const cls = p && RETENTION_CLASSES[p.code];
    if (!p || !cls) continue;
    const end = addDays(p.start, PARTITION_DAYS[cls]);
    if (end.getTime() <= retentionCutoff(retention[cls], now).getTime()) {
      statements.push(`drop table if exists ${ident(name)};`);
      report.dropped.push(name);
    }
  }
  const purges: string[] = [];
  for (const cls of RETENTION_CLASSES) {
    const code = retentionCode(cls);
    const cutoff = retentionCutoff(retention[cls], now);
    for (const table of TELEMETRY_TABLES) {
      purges.push(`delete from ${ident(defaultPartition(table, code))} where ${ident(table.time)} < ${literal(cutoff)};
  get diagnostics n = row_count; purged := purged + n;`);
      for (let i = 0; i <= AHEAD_DAYS; i += 1) {
        const start = spanStart(addDays(now, i), PARTITION_DAYS[cls]);
        const name = spanPartition(table, code, start);
        if (existing.has(name)) continue;
        existing.add(name);
        const end = addDays(start, PARTITION_DAYS[cls]);
        statements.push(
          createSpanStatement(
            classTable(table, code),
            defaultPartition(table, code),
            name,
            table.time,
            start,
            end,
          ),
        );
        report.created.push(name);
      }
    }
  }
  // A DO block returns nothing: the purged count comes back through a transaction-local setting.
  const block = `do $maintenance$
declare n bigint; purged bigint := 0;
begin
  perform pg_advisory_xact_lock(${MAINTENANCE_LOCK_KEY});
  set local lock_timeout = '10s';
  ${[...statements, ...purges].join('\n  ')}
  if purged > 0 or ${report.dropped.length > 0} then
    -- Readers keeping answers (the series API) see the deletions by this marker.
    insert into telemetry_deletions (id, changed) values (1, nextval('telemetry_changes'))
    on conflict (id) do update set changed = excluded.changed;
  end if;
  perform set_config('telemetry.purged', purged::text, true);
end $maintenance$`;
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(block));
    const rows = await rowsOf<{ purged: string | null }>(
      tx as unknown as Database,
      sql`select current_setting('telemetry.purged', true) as purged`,
    );
    report.purged = Number(rows[0]?.purged ?? 0);
  });
  return report;
}

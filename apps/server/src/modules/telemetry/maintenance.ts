import { RETENTION_CLASSES } from '@tinkercloud/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  addDays,
  classTable,
  dayOf,
  dayPartition,
  defaultPartition,
  parseDayPartition,
  TELEMETRY_TABLES,
  type TelemetryTable,
} from './partitions.ts';
import { type RetentionDays, retentionCode, retentionCutoff } from './retention.ts';
import { affectedBy, rowsOf } from './sql-results.ts';

export interface MaintenanceReport {
  created: string[];
  dropped: string[];
  /** Expired rows deleted from the default partitions (late or far-off points). */
  purged: number;
}

// Several server processes may run maintenance at once; they take turns per partition through this lock.
const MAINTENANCE_LOCK_KEY = 727_274_002;
/** Days created ahead of today, so midnight never sends points to a default partition. */
const AHEAD_DAYS = 1;

const ident = (name: string) => sql.raw(`"${name}"`);
const literal = (d: Date) => sql.raw(`'${d.toISOString()}'`);

async function existingDayPartitions(db: Database) {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select relname as name from pg_class
        where relkind = 'r' and relname ~ '^telemetry_(points|minutes|hours)_r[0-9]+_[0-9]{8}$'
          and pg_table_is_visible(oid)`,
  );
  return rows.map((r) => r.name);
}

/**
 * Creates the day's table for one class. Rows of that day already in the default partition (points that
 * arrived before the table existed) move into it, since PostgreSQL refuses a partition whose rows sit in the
 * default. One short transaction per table keeps the locks on the class table brief.
 */
async function createDay(db: Database, table: TelemetryTable, code: number, day: Date) {
  const name = dayPartition(table, code, day);
  const next = addDays(day, 1);
  const time = ident(table.time);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MAINTENANCE_LOCK_KEY})`);
    await tx.execute(sql`set local lock_timeout = '10s'`);
    await tx.execute(sql`create temporary table telemetry_moving (like ${ident(table.name)}) on commit drop`);
    await tx.execute(sql`
      with moved as (
        delete from ${ident(defaultPartition(table, code))}
        where ${time} >= ${literal(day)} and ${time} < ${literal(next)} returning *)
      insert into telemetry_moving select * from moved`);
    await tx.execute(sql`
      create table if not exists ${ident(name)} partition of ${ident(classTable(table, code))}
      for values from (${literal(day)}) to (${literal(next)})`);
    await tx.execute(sql`insert into ${ident(classTable(table, code))} select * from telemetry_moving`);
  });
  return name;
}

async function dropDay(db: Database, name: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MAINTENANCE_LOCK_KEY})`);
    await tx.execute(sql`set local lock_timeout = '10s'`);
    await tx.execute(sql`drop table if exists ${ident(name)}`);
  });
}

/**
 * Retention by whole tables: a class's day table goes once the whole day is older than the class's
 * retention; expired stragglers in the default partitions are deleted row by row (they are few). Then the
 * tables of today and the days ahead are created for every class.
 */
export async function maintainPartitions(
  db: Database,
  retention: RetentionDays,
  now = new Date(),
): Promise<MaintenanceReport> {
  const report: MaintenanceReport = { created: [], dropped: [], purged: 0 };
  const existing = new Set(await existingDayPartitions(db));
  for (const name of [...existing].sort()) {
    const p = parseDayPartition(name);
    const cls = p && RETENTION_CLASSES[p.code];
    if (!p || !cls) continue;
    if (addDays(p.day, 1).getTime() <= retentionCutoff(retention[cls], now).getTime()) {
      await dropDay(db, name);
      existing.delete(name);
      report.dropped.push(name);
    }
  }
  const today = dayOf(now);
  for (const cls of RETENTION_CLASSES) {
    const code = retentionCode(cls);
    const cutoff = retentionCutoff(retention[cls], now);
    for (const table of TELEMETRY_TABLES) {
      report.purged += await affectedBy(
        db,
        sql`delete from ${ident(defaultPartition(table, code))} where ${ident(table.time)} < ${literal(cutoff)}`,
      );
      for (let i = 0; i <= AHEAD_DAYS; i += 1) {
        const day = addDays(today, i);
        if (existing.has(dayPartition(table, code, day))) continue;
        report.created.push(await createDay(db, table, code, day));
      }
    }
  }
  return report;
}

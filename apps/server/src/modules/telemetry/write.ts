import { isUuid } from '@tinkercloud/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-results.ts';

/** One value of one property at one instant (interface 2 of the architecture). */
export interface TelemetryPoint {
  propertyId: string;
  at: Date;
  /** As sent: number, boolean, string or an object of the complex types; stored as jsonb. */
  value: unknown;
  /** The numeric reading rollups use (booleans 0/1); null for strings and objects. */
  num: number | null;
}

class TelemetryPointError extends Error {
  constructor(index: number, reason: string) {
    super(`Telemetry point ${index}: ${reason}.`);
    this.name = 'TelemetryPointError';
  }
}

/** Refuses the whole batch (before anything is written) when a point is malformed. */
export function checkPoints(points: readonly TelemetryPoint[]): void {
  for (const [i, p] of points.entries()) {
    if (typeof p.propertyId !== 'string' || !isUuid(p.propertyId)) {
      throw new TelemetryPointError(i, 'propertyId is not a uuid');
    }
    if (!(p.at instanceof Date) || Number.isNaN(p.at.getTime())) throw new TelemetryPointError(i, 'bad time');
    if (p.value === undefined || p.value === null || typeof p.value === 'function') {
      throw new TelemetryPointError(i, 'no value');
    }
    if (p.num !== null && !Number.isFinite(p.num)) throw new TelemetryPointError(i, 'num is not finite');
  }
}

/** The batch as column arrays for unnest. */
function columns(points: readonly TelemetryPoint[], retentionOf: (propertyId: string) => number) {
  const ids: string[] = [];
  const ats: string[] = [];
  const values: string[] = [];
  const nums: (number | null)[] = [];
  const classes: number[] = [];
  for (const p of points) {
    ids.push(p.propertyId);
    ats.push(p.at.toISOString());
    values.push(JSON.stringify(p.value));
    nums.push(p.num);
    classes.push(retentionOf(p.propertyId));
  }
  return { ids, ats, values, nums, classes };
}

const EPOCH = sql.raw(`timestamptz '1970-01-01 00:00:00+00'`);

const rollup = (table: string, width: string) => sql`
  insert into ${sql.raw(table)} as r (property_id, bucket, retention, min, max, sum, count)
  select property_id, date_bin(${sql.raw(`'${width}'`)}, at, ${EPOCH}), retention,
         min(num), max(num), sum(num), count(*)
  from stored where num is not null
  group by 1, 2, 3 order by 1, 2, 3
  on conflict (property_id, bucket, retention) do update set
    min = least(r.min, excluded.min), max = greatest(r.max, excluded.max),
    sum = r.sum + excluded.sum, count = r.count + excluded.count`;

/**
 * One statement, so one round trip and one transaction: the batch's points of live, persisted properties go
 * into `telemetry_points` (a duplicate (property, time) is skipped), only the rows really inserted feed the
 * minute and hour rollups, and each property's newest point replaces its last value when it is newer; the
 * property's change marker (`changed`) moves either way, so readers keeping answers see older points too. Rows
 * are written in key order so concurrent batches lock shared rollup rows in the same order (no deadlock).
 * Points of unknown or deleted properties are ignored. Returns how many points were stored.
 */
export async function writePoints(
  db: Database,
  points: readonly TelemetryPoint[],
  retentionOf: (propertyId: string) => number,
): Promise<number> {
  if (points.length === 0) return 0;
  checkPoints(points);
  const c = columns(points, retentionOf);
  const rows = await rowsOf<{ stored: number }>(
    db,
    sql`
    with input as (
      select * from unnest(${sql.param(c.ids)}::uuid[], ${sql.param(c.ats)}::timestamptz[],
                           ${sql.param(c.values)}::text[], ${sql.param(c.nums)}::float8[],
                           ${sql.param(c.classes)}::int2[])
        as i(property_id, at, value, num, retention)
    ),
    known as (
      select i.property_id, i.at, i.value::jsonb as value, i.num, i.retention, p.persist
      from input i join iot_properties p on p.id = i.property_id and p.deleted_at is null
    ),
    stored as (
      insert into telemetry_points (property_id, at, retention, value, num)
      select property_id, at, retention, value, num from known where persist
      order by property_id, at
      on conflict do nothing
      returning property_id, at, retention, num
    ),
    minutes as (${rollup('telemetry_minutes', '1 minute')}),
    hours as (${rollup('telemetry_hours', '1 hour')}),
    latest as (
      insert into telemetry_last_values as l (property_id, at, value)
      select distinct on (property_id) property_id, at, value from known order by property_id, at desc
      on conflict (property_id) do update set
        at = greatest(l.at, excluded.at),
        value = case when l.at < excluded.at then excluded.value else l.value end,
        changed = excluded.changed
    )
    select count(*)::int as stored from stored`,
  );
  return Number(rows[0]?.stored ?? 0);
}

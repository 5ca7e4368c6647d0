import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-results.ts';
import { type Aggregation, chooseResolution, type Resolution, ROLLUP_SECONDS } from './resolution.ts';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/**
 * Epoch milliseconds: the same number from both drivers (their text forms of timestamptz differ). date_part
 * works in float8; extract would compute in numeric, several times slower.
 */
const epochMs = (column: SQL) => sql`round(date_part('epoch', ${column}) * 1000)`;

interface RawWindow {
  propertyId: SQL;
  from: Date;
  to: Date;
  /** The newest `limit` points (else the oldest). */
  newestFirst: boolean;
  limit: number;
}

/**
 * A subquery answering `times` (epoch ms) and `vals` (json arrays, oldest first) of one property's points in
 * [from, to): its newest or oldest `limit`, walking the (property, time) index in that order. The bounds are
 * values, not column references, so the planner drops the day tables outside them. Composable into larger
 * queries: the series API reads properties and their values in one round trip.
 */
function rawWindowSql(w: RawWindow): SQL {
  return sql`(
    select coalesce(json_agg(${epochMs(sql`x.at`)} order by x.at), '[]'::json) as times,
           coalesce(json_agg(x.value order by x.at), '[]'::json) as vals
    from (select at, value from telemetry_points
          where property_id = ${w.propertyId} and at >= ${ts(w.from)} and at < ${ts(w.to)}
          order by at ${w.newestFirst ? sql`desc` : sql`asc`} limit ${w.limit}) x)`;
}

/** The bounds of a raw window as SQL expressions (columns of an outer row, placeholders of a prepared statement). */
interface RawWindowOfRow {
  propertyId: SQL;
  from: SQL;
  to: SQL;
  newestFirst: SQL;
  limit: SQL;
  /** When false, nothing is read (an empty window): the caller holds the answer already. */
  read?: SQL;
}

/** ISO 8601 in UTC with milliseconds, as Date.prototype.toISOString writes it (times are stored in ms). */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * rawWindowSql for bounds that are not known when the statement is written, so one prepared statement serves
 * every request: `count`, and `times` (ISO strings) and `vals` as JSON text, both in the order asked for
 * (newest first when `newestFirst`), ready to be written into an answer as they are. Each direction has its
 * own branch walking the (property, time) index that way; the other branch is switched off by its one-time
 * filter. Day tables outside [from, to) are pruned when the statement runs.
 */
export function rawWindowOfRowSql(w: RawWindowOfRow): SQL {
  const side = (newest: boolean) => {
    const order = newest ? sql`desc` : sql`asc`;
    return sql`(
      select count(*)::int as count,
             coalesce(json_agg(${isoText(sql`x.at`)} order by x.at ${order})::text, '[]') as times,
             coalesce(json_agg(x.value order by x.at ${order})::text, '[]') as vals
      from (select at, value from telemetry_points
            where ${newest ? w.newestFirst : sql`not ${w.newestFirst}`} and ${w.read ?? sql`true`}
              and property_id = ${w.propertyId}
              and at >= ${w.from} and at < ${w.to}
            order by at ${order} limit ${w.limit}) x)`;
  };
  return sql`(
    select case when ${w.newestFirst} then d.count else a.count end as count,
           case when ${w.newestFirst} then d.times else a.times end as times,
           case when ${w.newestFirst} then d.vals else a.vals end as vals
    from ${side(true)} d, ${side(false)} a)`;
}

export interface RawQuery {
  from: Date;
  to: Date;
  sort: 'ASC' | 'DESC';
  limit: number;
}

export async function readRaw(db: Database, propertyId: string, q: RawQuery) {
  const rows = await rowsOf<{ times: number[]; vals: unknown[] }>(
    db,
    sql`select w.times, w.vals from ${rawWindowSql({
      propertyId: sql`${propertyId}::uuid`,
      from: q.from,
      to: q.to,
      newestFirst: q.sort === 'DESC',
      limit: q.limit,
    })} w`,
  );
  const row = rows[0];
  const points = (row?.times ?? []).map((t, i) => ({ at: new Date(t), value: row?.vals[i] }));
  return q.sort === 'DESC' ? points.reverse() : points;
}

const num = sql.raw('num');
const pct = (p: number) => sql`percentile_cont(${sql.raw(String(p))}) within group (order by num)`;
const FROM_RAW: Record<Aggregation, SQL> = {
  AVG: sql`avg(${num})`,
  MIN: sql`min(${num})`,
  MAX: sql`max(${num})`,
  SUM: sql`sum(${num})`,
  COUNT: sql`count(${num})`,
  PCT_99: pct(0.99),
  PCT_95: pct(0.95),
  PCT_90: pct(0.9),
  PCT_75: pct(0.75),
  PCT_50: pct(0.5),
  PCT_15: pct(0.15),
  PCT_5: pct(0.05),
  BOOL_OR: sql`bool_or(${num} <> 0)::int`,
  BOOL_AND: sql`bool_and(${num} <> 0)::int`,
};
/** The same from rollup rows; null where rollups cannot answer (see rollupsAnswer). */
const FROM_ROLLUPS: Partial<Record<Aggregation, SQL>> = {
  // count as float8: summing bigints makes numerics, several times slower to add.
  AVG: sql`sum(sum) / sum(count::float8)`,
  MIN: sql`min(min)`,
  MAX: sql`max(max)`,
  SUM: sql`sum(sum)`,
  COUNT: sql`sum(count::float8)`,
  BOOL_OR: sql`bool_or(min <> 0 or max <> 0)::int`,
  // Only chosen for 0/1 values: all of them are 1 exactly when the smallest is.
  BOOL_AND: sql`(min(min) <> 0)::int`,
};

export interface AggregateQuery {
  from: Date;
  to: Date;
  intervalS: number;
  aggregation: Aggregation;
  /** Newest buckets first. */
  desc: boolean;
  limit: number;
  /** The values are 0/1 (booleans), so BOOL_AND can read rollups. */
  zeroOne?: boolean;
}

/**
 * Numeric values in buckets of `intervalS` seconds counted from `from`, aggregated; empty buckets are left
 * out. Reads the coarsest resolution that answers the query (chooseResolution): a long range never scans
 * raw points unless the aggregation needs them (percentiles).
 */
export async function readAggregate(db: Database, propertyId: string, q: AggregateQuery) {
  if (!Number.isSafeInteger(q.intervalS) || q.intervalS < 1) throw new Error('bad interval');
  const resolution: Resolution = chooseResolution(q);
  const interval = sql`(${q.intervalS}::int * interval '1 second')`;
  const order = q.desc ? sql`desc` : sql`asc`;
  // Grouped by the bucket's timestamp; its epoch (a numeric computation) only for the few buckets, outside.
  let grouped: SQL;
  if (resolution === 'raw') {
    grouped = sql`
      select date_bin(${interval}, at, ${ts(q.from)}) as b, (${FROM_RAW[q.aggregation]})::float8 as v
      from telemetry_points
      where property_id = ${propertyId}::uuid and at >= ${ts(q.from)} and at < ${ts(q.to)} and num is not null
      group by 1 order by 1 ${order} limit ${q.limit}`;
  } else {
    const table = sql.raw(resolution === 'minute' ? 'telemetry_minutes' : 'telemetry_hours');
    const widthMs = ROLLUP_SECONDS[resolution] * 1000;
    // Each rollup counts in the bucket holding its middle; one straddling `from` or `to` counts in the first
    // or the last bucket.
    const middle = sql`least(greatest(bucket + ${sql.raw(`interval '${widthMs / 2} milliseconds'`)}, ${ts(q.from)}),
                             ${ts(q.to)} - interval '1 microsecond')`;
    grouped = sql`
      select date_bin(${interval}, ${middle}, ${ts(q.from)}) as b, (${FROM_ROLLUPS[q.aggregation]})::float8 as v
      from ${table}
      where property_id = ${propertyId}::uuid and bucket > ${ts(new Date(q.from.getTime() - widthMs))}
        and bucket < ${ts(q.to)}
      group by 1 order by 1 ${order} limit ${q.limit}`;
  }
  const query = sql`select ${epochMs(sql`g.b`)} as t, g.v from (${grouped}) g order by g.b ${order}`;
  const rows = await rowsOf<{ t: number; v: number }>(db, query);
  return { resolution, points: rows.map((r) => ({ time: new Date(r.t), value: Number(r.v) })) };
}

export interface SampleQuery {
  from: Date;
  to: Date;
  intervalS: number;
  limit: number;
}

/** The last point of each bucket of `intervalS` seconds from `from`, any type; empty buckets left out. */
export async function readSampled(db: Database, propertyId: string, q: SampleQuery) {
  if (!Number.isSafeInteger(q.intervalS) || q.intervalS < 1) throw new Error('bad interval');
  // Interval and origin written inline (an integer and an ISO date we made): DISTINCT ON needs its
  // expression to read the same as the ORDER BY's.
  const bucket = sql.raw(
    `date_bin('${q.intervalS} seconds'::interval, at, '${q.from.toISOString()}'::timestamptz)`,
  );
  const rows = await rowsOf<{ t: number; value: unknown }>(
    db,
    sql`select ${epochMs(sql`b`)} as t, value from (
          select distinct on (${bucket}) ${bucket} as b, value from telemetry_points
          where property_id = ${propertyId}::uuid and at >= ${ts(q.from)} and at < ${ts(q.to)}
          order by ${bucket}, at desc limit ${q.limit}) s
        order by b`,
  );
  return rows.map((r) => ({ time: new Date(r.t), value: r.value }));
}

/** Last values by property id (properties that never had one are absent). */
export async function readLastValues(db: Database, propertyIds: readonly string[]) {
  if (propertyIds.length === 0) return new Map<string, { at: Date; value: unknown }>();
  const rows = await rowsOf<{ id: string; t: number; value: unknown }>(
    db,
    sql`select property_id as id, ${epochMs(sql`at`)} as t, value from telemetry_last_values
        where property_id = any(${sql.param(propertyIds)}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, { at: new Date(r.t), value: r.value }]));
}

/** Stored points newest first, older than `before` when given. */
export async function readHistory(db: Database, propertyId: string, limit: number, before?: Date) {
  const rows = await rowsOf<{ t: number; value: unknown }>(
    db,
    sql`select ${epochMs(sql`at`)} as t, value from telemetry_points
        where property_id = ${propertyId}::uuid ${before ? sql`and at < ${ts(before)}` : sql``}
        order by at desc limit ${limit}`,
  );
  return rows.map((r) => ({ at: new Date(r.t), value: r.value }));
}

export interface CsvPageQuery {
  /** The properties, and for each the text its lines carry between the time and the value. */
  propertyIds: readonly string[];
  middles: readonly string[];
  /** The time window of this page, [from, to). */
  from: Date;
  to: Date;
  /** More points than this in the window: no lines (csv null), the caller splits the window. */
  limit: number;
}

/**
 * One page of a CSV export, written by the database: the lines (`time<middle>value\r\n`) of the points of
 * the properties in [from, to), ordered by time, property and retention, as one text with their count.
 * Building the lines in SQL leaves the server one string per page to pass on instead of a row object per
 * point, which is what makes an export fast; the window is bounded, so ordering several properties by time
 * sorts that window only. A number or boolean is written as stored, a string as it is, an object or array as
 * its JSON text; a field holding a comma, quote or line break is quoted (RFC 4180). The lines are aggregated
 * in the order of the sorted subquery (an aggregate ORDER BY would sort them all again on PostgreSQL 15).
 */
export async function readCsvPage(
  db: Database,
  q: CsvPageQuery,
): Promise<{ csv: string | null; count: number }> {
  const ids = sql`${sql.param(q.propertyIds)}::uuid[]`;
  const text = sql`case jsonb_typeof(x.value) when 'string' then x.value #>> '{}' else x.value::text end`;
  const [row] = await rowsOf<{ csv: string | null; count: number }>(
    db,
    sql`select count(*)::int as count,
               case when count(*) <= ${q.limit} then coalesce(string_agg(
                 to_char(x.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') ||
                 (${sql.param(q.middles)}::text[])[array_position(${ids}, x.property_id)] ||
                 case jsonb_typeof(x.value)
                   when 'number' then x.value::text
                   when 'boolean' then x.value::text
                   else case when ${text} ~ '[",\\r\\n]' then '"' || replace(${text}, '"', '""') || '"' else ${text} end
                 end || E'\\r\\n', ''), '') end as csv
        from (select at, property_id, value from telemetry_points
              where property_id = any(${ids}) and at >= ${ts(q.from)} and at < ${ts(q.to)}
              order by at, property_id, retention limit ${q.limit + 1}) x`,
  );
  return { csv: row?.csv ?? null, count: row?.count ?? 0 };
}

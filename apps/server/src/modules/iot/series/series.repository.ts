import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { iotProperties, iotPropertyValues, iotThings } from '../../../db/schema/index.ts';
import { type IotSpace, inSpace } from '../common/space.ts';

export const SERIES_AGGREGATIONS = [
  'AVG',
  'MIN',
  'MAX',
  'SUM',
  'COUNT',
  'PCT_99',
  'PCT_95',
  'PCT_90',
  'PCT_75',
  'PCT_50',
  'PCT_15',
  'PCT_5',
  'BOOL_OR',
  'BOOL_AND',
] as const;
export type SeriesAggregation = (typeof SERIES_AGGREGATIONS)[number];

const num = iotPropertyValues.num;
const pct = (p: number) => sql`percentile_cont(${sql.raw(String(p))}) within group (order by ${num})`;
const AGGREGATE: Record<SeriesAggregation, SQL> = {
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

export interface SeriesProperty {
  id: string;
  name: string;
  type: string;
  thingId: string;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/**
 * The bin of each value. Interval and origin are written inline (an integer and an ISO date we produced), so
 * the expression is textually the same wherever it appears: DISTINCT ON needs that to match its ORDER BY.
 */
const bucketOf = (from: Date, intervalS: number) => {
  if (!Number.isSafeInteger(intervalS) || intervalS < 1) throw new Error('bad interval');
  return sql`date_bin(${sql.raw(`'${intervalS} seconds'::interval`)}, ${iotPropertyValues.at}, ${sql.raw(`'${from.toISOString()}'::timestamptz`)})`;
};

/** The only SQL of the series API: which properties a space may read, and their stored values. */
export function createSeriesRepository(db: Database) {
  const live = () =>
    db
      .select({
        id: iotProperties.id,
        name: iotProperties.name,
        type: iotProperties.type,
        thingId: iotProperties.thingId,
      })
      .from(iotProperties)
      .innerJoin(iotThings, eq(iotThings.id, iotProperties.thingId));
  const visible = (space: IotSpace) =>
    and(inSpace(iotThings, space), isNull(iotThings.deletedAt), isNull(iotProperties.deletedAt));

  return {
    /** Live properties of live things of the space, among `ids`. */
    async properties(space: IotSpace, ids: string[]): Promise<SeriesProperty[]> {
      if (ids.length === 0) return [];
      return live().where(and(visible(space), inArray(iotProperties.id, ids)));
    },

    async propertiesOfThings(space: IotSpace, thingIds: string[]): Promise<SeriesProperty[]> {
      if (thingIds.length === 0) return [];
      return live()
        .where(and(visible(space), inArray(iotProperties.thingId, thingIds)))
        .orderBy(
          asc(iotProperties.createdAt),
          sql`${iotProperties.tag} asc nulls last`,
          asc(iotProperties.id),
        );
    },

    /** Last values, by property id. */
    async lastValues(space: IotSpace, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: iotProperties.id,
          thingId: iotProperties.thingId,
          value: iotProperties.lastValue,
          at: iotProperties.valueUpdatedAt,
        })
        .from(iotProperties)
        .innerJoin(iotThings, eq(iotThings.id, iotProperties.thingId))
        .where(and(visible(space), inArray(iotProperties.id, ids)));
    },

    async raw(propertyId: string, q: { from: Date; to: Date; sort: 'ASC' | 'DESC'; limit: number }) {
      return db
        .select({ at: iotPropertyValues.at, value: iotPropertyValues.value })
        .from(iotPropertyValues)
        .where(
          and(
            eq(iotPropertyValues.propertyId, propertyId),
            sql`${iotPropertyValues.at} >= ${ts(q.from)}`,
            sql`${iotPropertyValues.at} < ${ts(q.to)}`,
          ),
        )
        .orderBy(q.sort === 'ASC' ? asc(iotPropertyValues.at) : desc(iotPropertyValues.at))
        .limit(q.limit);
    },

    /** Numeric values binned by `intervalS` seconds from `from` and aggregated; empty bins are left out. */
    async aggregate(
      propertyId: string,
      q: {
        from: Date;
        to: Date;
        intervalS: number;
        aggregation: SeriesAggregation;
        desc: boolean;
        limit: number;
      },
    ): Promise<{ time: Date; value: number }[]> {
      const rows = await db
        .select({
          time: sql<Date | string>`${bucketOf(q.from, q.intervalS)}`.as('bucket'),
          value: sql<number>`(${AGGREGATE[q.aggregation]})::float8`,
        })
        .from(iotPropertyValues)
        .where(
          and(
            eq(iotPropertyValues.propertyId, propertyId),
            sql`${iotPropertyValues.at} >= ${ts(q.from)}`,
            sql`${iotPropertyValues.at} < ${ts(q.to)}`,
            sql`${num} is not null`,
          ),
        )
        .groupBy(sql`1`)
        .orderBy(q.desc ? sql`1 desc` : sql`1 asc`)
        .limit(q.limit);
      return rows.map((r) => ({ time: new Date(r.time), value: Number(r.value) }));
    },

    /** One stored value per bin (the last one in it), any type. */
    async sampled(propertyId: string, q: { from: Date; to: Date; intervalS: number; limit: number }) {
      const bucket = bucketOf(q.from, q.intervalS);
      const rows = await db
        .selectDistinctOn([bucket], { time: sql<Date | string>`${bucket}`, value: iotPropertyValues.value })
        .from(iotPropertyValues)
        .where(
          and(
            eq(iotPropertyValues.propertyId, propertyId),
            sql`${iotPropertyValues.at} >= ${ts(q.from)}`,
            sql`${iotPropertyValues.at} < ${ts(q.to)}`,
          ),
        )
        .orderBy(bucket, desc(iotPropertyValues.at))
        .limit(q.limit);
      return rows.map((r) => ({ time: new Date(r.time), value: r.value }));
    },
  };
}
export type SeriesRepository = ReturnType<typeof createSeriesRepository>;

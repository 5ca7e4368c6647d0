import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { iotProperties, iotThings, telemetryLastValues } from '../../../db/schema/index.ts';
import { rawWindowSql } from '../../telemetry/read.ts';
import { rowsOf } from '../../telemetry/sql-results.ts';
import { type IotSpace, inSpace } from '../common/space.ts';

export {
  AGGREGATIONS as SERIES_AGGREGATIONS,
  type Aggregation as SeriesAggregation,
} from '../../telemetry/resolution.ts';

export interface SeriesProperty {
  id: string;
  name: string;
  type: string;
  thingId: string;
}

export interface RawRequest {
  kind: 'property' | 'thing';
  id: string;
  from: Date;
  to: Date;
  newestFirst: boolean;
  limit: number;
}

/** The only SQL of the series API: which properties a space may read; their values come from telemetry. */
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

    /** Last values of readable properties among `ids`, with their thing. */
    async lastValues(space: IotSpace, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: iotProperties.id,
          thingId: iotProperties.thingId,
          value: telemetryLastValues.value,
          at: telemetryLastValues.at,
        })
        .from(iotProperties)
        .innerJoin(iotThings, eq(iotThings.id, iotProperties.thingId))
        .leftJoin(telemetryLastValues, eq(telemetryLastValues.propertyId, iotProperties.id))
        .where(and(visible(space), inArray(iotProperties.id, ids)));
    },

    /**
     * Every request's readable properties (a property, or all of a thing's) with their raw values, in one
     * round trip: request number `n` (from 1), then the property, then its times (epoch ms) and values,
     * oldest first. Requests naming nothing readable have no row.
     */
    async rawBatch(space: IotSpace, requests: RawRequest[]) {
      if (requests.length === 0) return [];
      const col = <T>(f: (r: RawRequest) => T) => sql.param(requests.map(f));
      return rowsOf<SeriesProperty & { n: number; times: number[]; vals: unknown[] }>(
        db,
        sql`
        select r.n::int as n, p.id, p.name, p.type, p.thing_id as "thingId", w.times, w.vals
        from unnest(${col((r) => r.kind)}::text[], ${col((r) => r.id)}::uuid[],
                    ${col((r) => r.from.toISOString())}::timestamptz[], ${col((r) => r.to.toISOString())}::timestamptz[],
                    ${col((r) => r.newestFirst)}::boolean[], ${col((r) => r.limit)}::int[])
          with ordinality as r(kind, target, from_at, to_at, newest_first, lim, n)
        cross join lateral (
          select id, name, type, thing_id, created_at, tag, deleted_at from iot_properties
          where r.kind = 'property' and id = r.target
          union all
          select id, name, type, thing_id, created_at, tag, deleted_at from iot_properties
          where r.kind = 'thing' and thing_id = r.target
        ) p
        join iot_things on iot_things.id = p.thing_id
        cross join lateral ${rawWindowSql({
          propertyId: sql`p.id`,
          from: sql`r.from_at`,
          to: sql`r.to_at`,
          newestFirst: sql`r.newest_first`,
          limit: sql`r.lim`,
        })} w
        where p.deleted_at is null and iot_things.deleted_at is null and ${inSpace(iotThings, space)}
        order by r.n, p.created_at, p.tag asc nulls last, p.id`,
      );
    },
  };
}
export type SeriesRepository = ReturnType<typeof createSeriesRepository>;

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
      // One select per request, joined by UNION ALL: each has its own bounds as values, so the planner keeps
      // only the day tables in range, and one sort direction, so it walks the index in that order.
      const selects = requests.map(
        (r, i) => sql`(
          select ${i + 1}::int as n, p.id, p.name, p.type, p.thing_id as "thingId", p.created_at, p.tag,
                 w.times, w.vals
          from iot_properties p
          join iot_things on iot_things.id = p.thing_id
          cross join lateral ${rawWindowSql({ propertyId: sql`p.id`, ...r })} w
          where ${r.kind === 'property' ? sql`p.id` : sql`p.thing_id`} = ${r.id}::uuid
            and p.deleted_at is null and iot_things.deleted_at is null and ${inSpace(iotThings, space)})`,
      );
      return rowsOf<SeriesProperty & { n: number; times: number[]; vals: unknown[] }>(
        db,
        sql`${sql.join(selects, sql` union all `)} order by n, created_at, tag asc nulls last, id`,
      );
    },
  };
}
export type SeriesRepository = ReturnType<typeof createSeriesRepository>;

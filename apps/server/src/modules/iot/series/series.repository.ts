import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { prepareRaw } from '../../../db/prepared.ts';
import { iotProperties, iotThings, telemetryLastValues } from '../../../db/schema/index.ts';
import { rawWindowOfRowSql } from '../../telemetry/read.ts';
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

/**
 * A row of the raw batch: `roles` of the caller in the team space (null in My Cloud); then, unless the batch
 * found nothing readable (one row of nulls), request number `n` (from 1), the property, and its values as
 * JSON text in the order asked for. No row at all: the caller is not a member.
 */
export interface RawBatchRow {
  roles: string[] | null;
  n: number | null;
  id: string;
  name: string;
  type: string;
  thingId: string;
  count: number;
  times: string;
  vals: string;
}

/**
 * The raw batch as one statement for any number of requests, their bounds passed as arrays, so PostgreSQL
 * parses and plans it once per connection: this is the busiest route of the series. The membership row comes
 * first and the batch hangs off it, so a stranger's call reads nothing.
 */
function rawBatchSql(team: boolean): SQL {
  const p = sql.placeholder;
  const visible = team
    ? sql`t.organization_id = ${p('space')}::uuid`
    : sql`t.organization_id is null and t.owner_user_id = ${p('actor')}::uuid`;
  const batch = sql`
    select r.n::int as n, p.id, p.name, p.type, p.thing_id as "thingId", p.created_at, p.tag,
           w.count, w.times, w.vals
    from unnest(${p('ids')}::uuid[], ${p('things')}::bool[], ${p('froms')}::timestamptz[],
                ${p('tos')}::timestamptz[], ${p('newest')}::bool[], ${p('limits')}::int[])
           with ordinality as r(id, thing, t_from, t_to, newest, lim, n)
    cross join lateral (
      select * from iot_properties where not r.thing and id = r.id
      union all
      select * from iot_properties where r.thing and thing_id = r.id) p
    join iot_things t on t.id = p.thing_id
    cross join lateral ${rawWindowOfRowSql({
      propertyId: sql`p.id`,
      from: sql`r.t_from`,
      to: sql`r.t_to`,
      newestFirst: sql`r.newest`,
      limit: sql`r.lim`,
    })} w
    where p.deleted_at is null and t.deleted_at is null and ${visible}`;
  const member = team
    ? sql`(select roles from memberships where organization_id = ${p('space')}::uuid and user_id = ${p('actor')}::uuid)`
    : sql`(select null::text[] as roles)`;
  return sql`
    select m.roles, b.n, b.id, b.name, b.type, b."thingId", b.count, b.times, b.vals
    from ${member} m left join lateral (${batch}) b on true
    order by b.n, b.created_at, b.tag asc nulls last, b.id`;
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

  const rawBatchTeam = prepareRaw<RawBatchRow>(db, 'iot_series_raw_team', rawBatchSql(true));
  const rawBatchMine = prepareRaw<RawBatchRow>(db, 'iot_series_raw_mine', rawBatchSql(false));

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
     * The caller's membership and every request's readable properties with their raw values, in one round
     * trip (see RawBatchRow). `spaceId` null: the caller's My Cloud.
     */
    async rawBatch(spaceId: string | null, actorId: string, requests: RawRequest[]): Promise<RawBatchRow[]> {
      const values = {
        actor: actorId,
        space: spaceId,
        ids: requests.map((r) => r.id),
        things: requests.map((r) => r.kind === 'thing'),
        froms: requests.map((r) => r.from.toISOString()),
        tos: requests.map((r) => r.to.toISOString()),
        newest: requests.map((r) => r.newestFirst),
        limits: requests.map((r) => r.limit),
      };
      return spaceId === null ? rawBatchMine(values) : rawBatchTeam(values);
    },
  };
}
export type SeriesRepository = ReturnType<typeof createSeriesRepository>;

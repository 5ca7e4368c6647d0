import { and, asc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { prepareRaw } from '../../../db/prepared.ts';
import { iotExports, iotProperties, iotThings, telemetryLastValues } from '../../../db/schema/index.ts';
import { rawWindowOfRowSql } from '../../telemetry/read.ts';
import { type IotSpace, inSpace } from '../common/space.ts';

export interface SeriesProperty {
  id: string;
  name: string;
  type: string;
  thingId: string;
}

interface RawRequest {
  kind: 'property' | 'thing';
  id: string;
  from: Date;
  to: Date;
  newestFirst: boolean;
  limit: number;
  /** The values marker of a kept answer of this window (property requests): rows under it come without values. */
  known?: string | null;
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
  /**
   * The property's values marker: its `changed` and the deletions marker. Equal to the request's `known`:
   * the values were not read (count, times and vals empty), the kept ones stand.
   */
  marker: string;
  /** Epoch ms of the property's newest point ever written (null: none). */
  lastMs: number | null;
  count: number;
  times: string;
  vals: string;
}

/**
 * Batches of up to this many requests have a statement of their own, their bounds as scalar values: the
 * planner then knows how many requests there are and keeps one generic plan (parsed and planned once per
 * connection). Larger batches pass their bounds as arrays, which it cannot count, so it plans them per call.
 */
const SIZED_BATCH = 8;

type Requests = { size: number } | 'arrays';

/** The requests as rows r(id, thing, t_from, t_to, newest, lim, known, n). */
function requestRows(shape: Requests): SQL {
  const p = sql.placeholder;
  if (shape === 'arrays') {
    return sql`unnest(${p('ids')}::uuid[], ${p('things')}::bool[], ${p('froms')}::timestamptz[],
                ${p('tos')}::timestamptz[], ${p('newest')}::bool[], ${p('limits')}::int[], ${p('knowns')}::text[])
           with ordinality as r(id, thing, t_from, t_to, newest, lim, known, n)`;
  }
  const rows = Array.from(
    { length: shape.size },
    (_, i) =>
      sql`(${p(`id${i}`)}::uuid, ${p(`thing${i}`)}::bool, ${p(`from${i}`)}::timestamptz,
           ${p(`to${i}`)}::timestamptz, ${p(`newest${i}`)}::bool, ${p(`limit${i}`)}::int, ${p(`known${i}`)}::text,
           ${sql.raw(String(i + 1))})`,
  );
  return sql`(values ${sql.join(rows, sql`, `)}) as r(id, thing, t_from, t_to, newest, lim, known, n)`;
}

function requestValues(shape: Requests, requests: RawRequest[]): Record<string, unknown> {
  if (shape === 'arrays') {
    return {
      ids: requests.map((r) => r.id),
      things: requests.map((r) => r.kind === 'thing'),
      froms: requests.map((r) => r.from.toISOString()),
      tos: requests.map((r) => r.to.toISOString()),
      newest: requests.map((r) => r.newestFirst),
      limits: requests.map((r) => r.limit),
      knowns: requests.map((r) => r.known ?? null),
    };
  }
  const values: Record<string, unknown> = {};
  for (const [i, r] of requests.entries()) {
    values[`id${i}`] = r.id;
    values[`thing${i}`] = r.kind === 'thing';
    values[`from${i}`] = r.from.toISOString();
    values[`to${i}`] = r.to.toISOString();
    values[`newest${i}`] = r.newestFirst;
    values[`limit${i}`] = r.limit;
    values[`known${i}`] = r.known ?? null;
  }
  return values;
}

/**
 * The raw batch as one statement whose text depends only on the space kind and the batch's size, so
 * PostgreSQL parses and plans it once per connection: this is the busiest route of the series. The
 * membership row comes first and the batch hangs off it, so a stranger's call reads nothing.
 */

function rawBatchSql(team: boolean, shape: Requests, withValues: boolean): SQL {
  const p = sql.placeholder;
  const visible = team
    ? sql`t.organization_id = ${p('space')}::uuid`
    : sql`t.organization_id is null and t.owner_user_id = ${p('actor')}::uuid`;
  // What the values of a property depend on besides the window: its writes and retention's deletions.
  const marker = sql`coalesce(lv.changed::text, '-') || ':' ||
    coalesce((select changed from telemetry_deletions where id = 1), 0)::text`;
  const batch = sql`
    select r.n::int as n, p.id, p.name, p.type, p.thing_id as "thingId", p.created_at, p.tag,
           k.marker, round(date_part('epoch', lv.at) * 1000)::float8 as "lastMs", w.count, w.times, w.vals
    from ${requestRows(shape)}
    cross join lateral (
      select * from iot_properties where not r.thing and id = r.id
      union all
      select * from iot_properties where r.thing and thing_id = r.id) p
    join iot_things t on t.id = p.thing_id
    left join telemetry_last_values lv on lv.property_id = p.id
    cross join lateral (select ${marker} as marker) k
    ${
      withValues
        ? sql`cross join lateral ${rawWindowOfRowSql({
            propertyId: sql`p.id`,
            from: sql`r.t_from`,
            to: sql`r.t_to`,
            newestFirst: sql`r.newest`,
            limit: sql`r.lim`,
            read: sql`k.marker is distinct from r.known`,
          })} w`
        : sql`cross join lateral (select 0 as count, '[]' as times, '[]' as vals) w`
    }
    where p.deleted_at is null and t.deleted_at is null and ${visible}`;
  const member = team
    ? sql`(select roles from memberships where organization_id = ${p('space')}::uuid and user_id = ${p('actor')}::uuid)`
    : sql`(select null::text[] as roles)`;
  return sql`
    select m.roles, b.n, b.id, b.name, b.type, b."thingId", b.marker, b."lastMs", b.count, b.times, b.vals
    from ${member} m left join lateral (${batch}) b on true
    order by b.n, b.created_at, b.tag asc nulls last, b.id`;
}

/**
 * The only SQL of the series API: which properties a space may read (their values come from telemetry), and
 * the historic-data exports.
 */
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

  // Made on first use: 4 × (SIZED_BATCH + 1) statements at most.
  const statements = new Map<string, ReturnType<typeof prepareRaw<RawBatchRow>>>();
  function rawBatchStatement(team: boolean, shape: Requests, withValues: boolean) {
    const size = shape === 'arrays' ? 'n' : shape.size;
    const name = `iot_series_raw_${team ? 'team' : 'mine'}_${size}${withValues ? '' : '_markers'}`;
    let statement = statements.get(name);
    if (!statement) {
      statement = prepareRaw<RawBatchRow>(db, name, rawBatchSql(team, shape, withValues));
      statements.set(name, statement);
    }
    return statement;
  }

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
     * trip (see RawBatchRow). `spaceId` null: the caller's My Cloud. Without values: the rows' markers only
     * (count 0, empty times and vals), a statement that never touches the telemetry tables, whose many
     * partitions cost a generic plan more to start than the rest of the query.
     */
    async rawBatch(
      spaceId: string | null,
      actorId: string,
      requests: RawRequest[],
      opts: { withValues: boolean },
    ): Promise<RawBatchRow[]> {
      const shape: Requests = requests.length <= SIZED_BATCH ? { size: requests.length } : 'arrays';
      const values = { actor: actorId, space: spaceId, ...requestValues(shape, requests) };
      return rawBatchStatement(spaceId !== null, shape, opts.withValues)(values);
    },

    async insertExport(row: typeof iotExports.$inferInsert) {
      const [exported] = await db.insert(iotExports).values(row).returning();
      if (!exported) throw new Error('insert returned no row');
      return exported;
    },

    /** The export with this id, unless it expired by `now`. */
    async liveExport(id: string, now: Date) {
      const [row] = await db
        .select()
        .from(iotExports)
        .where(and(eq(iotExports.id, id), gt(iotExports.expiresAt, now)))
        .limit(1);
      return row ?? null;
    },
  };
}

import { isUuid } from '@tinkercloud/shared';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  iotDashboards,
  iotDevices,
  iotSketches,
  iotThings,
  iotTriggers,
  memberships,
  organizations,
  users,
} from '../../db/schema/index.ts';

/**
 * The listed space's id, written out in full: in a single-table select drizzle leaves columns unqualified,
 * and an unqualified `id` inside a subquery would name the subquery's own table.
 */
const SPACE_ID = sql.raw('"organizations"."id"');

/** Rows of `table` in the listed space; `live`: without the trash. A correlated count, one per column. */
const countIn = (table: PgTable, live: boolean) =>
  sql<number>`(select count(*)::int from ${table} x where x.organization_id = ${SPACE_ID}${
    live ? sql` and x.deleted_at is null` : sql``
  })`;

const memberCount = sql<number>`(select count(*)::int from ${memberships} m where m.organization_id = ${SPACE_ID})`;

/**
 * The owner, the longest-standing admin (`spaces.repository.ts` `ownerOf`), as `id` and `username` in one
 * correlated subquery: a page of spaces is one statement, however many spaces it shows.
 */
const ownerColumn = (field: 'id' | 'username') =>
  sql<string | null>`(select u.${sql.raw(field)} from ${memberships} m join ${users} u on u.id = m.user_id
    where m.organization_id = ${SPACE_ID}
      and (case "organizations"."space" when 'edu' then 'role:edu-admin' else 'role:pro-admin' end) = any(m.roles)
    order by m.created_at, m.user_id limit 1)`;

const columns = {
  org: organizations,
  members: memberCount,
  ownerId: ownerColumn('id'),
  ownerUsername: ownerColumn('username'),
  things: countIn(iotThings, true),
  devices: countIn(iotDevices, true),
  dashboards: countIn(iotDashboards, true),
  total: sql<number>`(count(*) over ())::int`,
};

export type AdminSpaceRow = {
  org: typeof organizations.$inferSelect;
  members: number;
  ownerId: string | null;
  ownerUsername: string | null;
  things: number;
  devices: number;
  dashboards: number;
};

export interface AdminSpacesQuery {
  q?: string | undefined;
  type?: 'edu' | 'pro' | undefined;
  sort: 'created' | 'name' | 'members';
  order: 'asc' | 'desc';
  page: number;
  per_page: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The admin console's reads over every space: one statement per page, and what a delete takes. */
export function createAdminSpacesRepository(db: Database) {
  async function count(where: SQL[]): Promise<number> {
    const rows = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(organizations)
      .where(where.length ? and(...where) : undefined);
    return rows[0]?.n ?? 0;
  }

  return {
    async page(query: AdminSpacesQuery): Promise<{ rows: AdminSpaceRow[]; total: number }> {
      const where: SQL[] = [];
      if (query.type) where.push(eq(organizations.space, query.type));
      if (query.q) {
        const like = `%${escapeLike(query.q)}%`;
        const match = or(
          ilike(organizations.name, like),
          ...(isUuid(query.q) ? [eq(organizations.id, query.q)] : []),
        );
        if (match) where.push(match);
      }
      const by = {
        created: organizations.createdAt,
        name: sql`lower(${organizations.name})`,
        members: memberCount,
      }[query.sort];
      const direction = query.order === 'asc' ? asc : desc;
      const rows = await db
        .select(columns)
        .from(organizations)
        .where(where.length ? and(...where) : undefined)
        .orderBy(direction(by), direction(organizations.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      // A page past the end has no row to carry the total: count apart then (rare).
      const total = rows[0]?.total ?? (query.page > 1 ? await count(where) : 0);
      return { rows: rows.map(({ total: _total, ...row }) => row), total };
    },

    async one(id: string): Promise<AdminSpaceRow | null> {
      if (!isUuid(id)) return null;
      const rows = await db.select(columns).from(organizations).where(eq(organizations.id, id)).limit(1);
      const row = rows[0];
      if (!row) return null;
      const { total: _total, ...rest } = row;
      return rest;
    },

    /** What deleting the space takes with it: every row, the trash included. */
    async deletionCounts(id: string) {
      if (!isUuid(id)) return null;
      const rows = await db
        .select({
          name: organizations.name,
          members: memberCount,
          devices: countIn(iotDevices, false),
          things: countIn(iotThings, false),
          dashboards: countIn(iotDashboards, false),
          triggers: countIn(iotTriggers, false),
          sketches: countIn(iotSketches, false),
        })
        .from(organizations)
        .where(eq(organizations.id, id))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

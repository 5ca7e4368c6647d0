import { isUuid } from '@tinkercloud/shared';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { iotChangeMarkers, memberships, organizations } from '../../db/schema/index.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
type NewOrganizationRow = typeof organizations.$inferInsert;
type OrganizationChanges = Partial<
  Pick<
    NewOrganizationRow,
    'name' | 'type' | 'country' | 'planId' | 'planSeats' | 'planExpiresAt' | 'slug' | 'logoMediaId'
  > & { secondLogoMediaId: string | null }
>;

/** A space seen by one user: the row, the user's roles there and the member count. */
interface OrganizationForUser {
  org: OrganizationRow;
  roles: string[];
  members: number;
}

/** A space with one user's roles there and the space's device-list change marker (null: none yet). */
export interface SpaceMember {
  org: OrganizationRow;
  roles: string[];
  devicesMarker: number | null;
}

const memberCount = sql<number>`(select count(*)::int from ${memberships} where ${memberships.organizationId} = ${organizations.id})`;

/** The only SQL for organizations (and the membership reads every space check needs). */
export function createSpacesRepository(db: Database) {
  // The gate's read (space-access.ts): the space, the caller's roles and the device-list marker in one round
  // trip, prepared once per repository on first use (every /iot call runs one).
  let memberQuery: ReturnType<typeof prepareMember> | undefined;
  function prepareMember() {
    return db
      .select({ org: organizations, roles: memberships.roles, devicesMarker: iotChangeMarkers.devices })
      .from(organizations)
      .innerJoin(
        memberships,
        and(
          eq(memberships.organizationId, organizations.id),
          eq(memberships.userId, sql.placeholder('actor')),
        ),
      )
      .leftJoin(iotChangeMarkers, eq(iotChangeMarkers.spaceKey, sql`'o:' || ${organizations.id}::text`))
      .where(eq(organizations.id, sql.placeholder('space')))
      .limit(1)
      .prepare('space_member');
  }
  let markerQuery: ReturnType<typeof prepareMarker> | undefined;
  function prepareMarker() {
    return db
      .select({ marker: iotChangeMarkers.devices })
      .from(iotChangeMarkers)
      .where(eq(iotChangeMarkers.spaceKey, sql.placeholder('key')))
      .limit(1)
      .prepare('space_devices_marker');
  }

  return {
    /** The space and `actorId`'s membership there; null when either does not exist. */
    async memberOf(actorId: string, spaceId: string): Promise<SpaceMember | null> {
      if (!isUuid(spaceId) || !isUuid(actorId)) return null;
      memberQuery ??= prepareMember();
      return (await memberQuery.execute({ actor: actorId, space: spaceId }))[0] ?? null;
    },

    /** The device-list change marker of a space key (`u:{user}` for a My Cloud); null when none yet. */
    async devicesMarker(spaceKey: string): Promise<number | null> {
      markerQuery ??= prepareMarker();
      return (await markerQuery.execute({ key: spaceKey }))[0]?.marker ?? null;
    },

    async findById(id: string): Promise<OrganizationRow | null> {
      if (!isUuid(id)) return null;
      const rows = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** Locks the space row until the surrounding transaction ends (serialises member changes). */
    async lock(id: string): Promise<OrganizationRow | null> {
      const rows = await db.select().from(organizations).where(eq(organizations.id, id)).for('update');
      return rows[0] ?? null;
    },

    async rolesOf(organizationId: string, userId: string): Promise<string[] | null> {
      if (!isUuid(organizationId) || !isUuid(userId)) return null;
      const rows = await db
        .select({ roles: memberships.roles })
        .from(memberships)
        .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
        .limit(1);
      return rows[0]?.roles ?? null;
    },

    async memberCount(organizationId: string): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(memberships)
        .where(eq(memberships.organizationId, organizationId));
      return rows[0]?.n ?? 0;
    },

    async listForUser(userId: string): Promise<OrganizationForUser[]> {
      const rows = await db
        .select({ org: organizations, roles: memberships.roles, members: memberCount })
        .from(memberships)
        .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
        .where(eq(memberships.userId, userId))
        .orderBy(asc(organizations.createdAt), asc(organizations.id));
      return rows;
    },

    async listAll(): Promise<(OrganizationRow & { members: number })[]> {
      const rows = await db
        .select({ org: organizations, members: memberCount })
        .from(organizations)
        .orderBy(asc(organizations.createdAt), asc(organizations.id));
      return rows.map((r) => ({ ...r.org, members: r.members }));
    },

    async findByJoinCode(code: string): Promise<OrganizationRow | null> {
      const rows = await db.select().from(organizations).where(eq(organizations.joinCode, code)).limit(1);
      return rows[0] ?? null;
    },

    /** Slugs of branded spaces (for the sign-in redirect addresses of their sub-domains). */
    async listSlugs(): Promise<string[]> {
      const rows = await db
        .select({ slug: organizations.slug })
        .from(organizations)
        .where(isNotNull(organizations.slug));
      return rows.flatMap((r) => (r.slug ? [r.slug] : []));
    },

    async findBySlug(slug: string): Promise<OrganizationRow | null> {
      const rows = await db.select().from(organizations).where(eq(organizations.slug, slug)).limit(1);
      return rows[0] ?? null;
    },

    /** Inserts a space; a join-code collision surfaces as a unique violation (the caller retries). */
    async insert(values: NewOrganizationRow): Promise<OrganizationRow> {
      const rows = await db.insert(organizations).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async insertMembership(organizationId: string, userId: string, roles: string[]): Promise<void> {
      await db.insert(memberships).values({ organizationId, userId, roles });
    },

    async update(id: string, changes: OrganizationChanges): Promise<OrganizationRow | null> {
      const rows = await db
        .update(organizations)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(organizations.id, id))
        .returning();
      return rows[0] ?? null;
    },

    /**
     * The owner: the longest-standing admin (account deletion hands a leaving member's resources to them
     * too); null when the space has no admin.
     */
    async ownerOf(organizationId: string, adminRole: string): Promise<string | null> {
      const rows = await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(
          and(eq(memberships.organizationId, organizationId), sql`${adminRole} = any(${memberships.roles})`),
        )
        .orderBy(asc(memberships.createdAt), asc(memberships.userId))
        .limit(1);
      return rows[0]?.userId ?? null;
    },

    /**
     * Makes a member the owner: an admin whose membership counts as the space's oldest (just before the
     * oldest one now), since the owner is the longest-standing admin. Others keep their roles.
     */
    async makeOwner(organizationId: string, userId: string, adminRole: string): Promise<void> {
      const oldest = sql`(select min(m.created_at) from memberships m where m.organization_id = ${organizationId})`;
      await db
        .update(memberships)
        .set({
          roles: [adminRole],
          createdAt: sql`${oldest} - interval '1 millisecond'`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db
        .delete(organizations)
        .where(eq(organizations.id, id))
        .returning({ id: organizations.id });
      return rows.length > 0;
    },
  };
}
export type SpacesRepository = ReturnType<typeof createSpacesRepository>;

import { and, asc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import {
  iotDashboardShares,
  iotDashboards,
  iotProperties,
  iotShareRequestMails,
  iotThings,
  iotWidgets,
  iotWidgetVariables,
  telemetryLastValues,
  users,
} from '../../../db/schema/index.ts';
import { type IotSpace, inSpace } from '../common/space.ts';

export type DashboardRow = typeof iotDashboards.$inferSelect;
export type WidgetRow = typeof iotWidgets.$inferSelect;
export type NewWidget = typeof iotWidgets.$inferInsert;
export type DashboardChanges = Partial<
  Pick<typeof iotDashboards.$inferInsert, 'name' | 'coverImage' | 'pages' | 'deletedAt'>
>;

/** A dashboard with its creator's username, and who shared it with the caller when it is not theirs. */
export interface DashboardRecord {
  dashboard: DashboardRow;
  ownerUsername: string | null;
  sharedBy: { userId: string; username: string | null } | null;
}

/** A linked variable: a live property of a live thing, as a widget shows it. */
export interface LinkedRow {
  dashboardId: string;
  widgetId: string;
  position: number;
  id: string;
  name: string;
  variableName: string | null;
  type: string;
  permission: string;
  lastValue: unknown;
  valueUpdatedAt: Date | null;
  thingId: string;
  thingName: string;
  thingTimezone: string;
}

const sharer = alias(users, 'sharer');

/** The only SQL for dashboards, widgets, their linked variables and shares. */
export function createDashboardsRepository(db: Database) {
  const base = () =>
    db
      .select({ dashboard: iotDashboards, ownerUsername: users.username })
      .from(iotDashboards)
      .leftJoin(users, eq(users.id, iotDashboards.ownerUserId));

  /**
   * Live dashboards shared with `userId` that match `where`, oldest first, each with who shared it (its owner
   * when the share no longer names its author).
   */
  async function sharedWith(userId: string, ...where: SQL[]): Promise<DashboardRecord[]> {
    const rows = await db
      .select({
        dashboard: iotDashboards,
        ownerUsername: users.username,
        sharedById: iotDashboardShares.sharedBy,
        sharedByName: sharer.username,
      })
      .from(iotDashboardShares)
      .innerJoin(iotDashboards, eq(iotDashboards.id, iotDashboardShares.dashboardId))
      .leftJoin(users, eq(users.id, iotDashboards.ownerUserId))
      .leftJoin(sharer, eq(sharer.id, iotDashboardShares.sharedBy))
      .where(and(eq(iotDashboardShares.userId, userId), isNull(iotDashboards.deletedAt), ...where))
      .orderBy(asc(iotDashboards.createdAt), asc(iotDashboards.id));
    return rows.map((r) => ({
      dashboard: r.dashboard,
      ownerUsername: r.ownerUsername,
      sharedBy: {
        userId: r.sharedById ?? r.dashboard.ownerUserId,
        username: r.sharedByName ?? r.ownerUsername,
      },
    }));
  }

  async function setVariables(dashboardId: string, widgetId: string, propertyIds: string[]): Promise<void> {
    await db
      .delete(iotWidgetVariables)
      .where(and(eq(iotWidgetVariables.dashboardId, dashboardId), eq(iotWidgetVariables.widgetId, widgetId)));
    const unique = [...new Set(propertyIds)];
    if (unique.length === 0) return;
    await db
      .insert(iotWidgetVariables)
      .values(unique.map((propertyId, position) => ({ dashboardId, widgetId, propertyId, position })));
  }

  return {
    async list(
      space: IotSpace,
      f: { name?: string; ownerId?: string; thingId?: string; showDeleted?: boolean },
    ): Promise<DashboardRecord[]> {
      const where: SQL[] = [];
      if (!f.showDeleted) where.push(isNull(iotDashboards.deletedAt));
      if (f.name) where.push(ilike(iotDashboards.name, `%${f.name.replace(/[\\%_]/g, '\\$&')}%`));
      if (f.ownerId) where.push(eq(iotDashboards.ownerUserId, f.ownerId));
      if (f.thingId) {
        where.push(
          sql`exists (select 1 from ${iotWidgetVariables} join ${iotProperties} on ${iotProperties.id} = ${iotWidgetVariables.propertyId} where ${iotWidgetVariables.dashboardId} = ${iotDashboards.id} and ${iotProperties.thingId} = ${f.thingId})`,
        );
      }
      const own = await base()
        .where(and(inSpace(iotDashboards, space), ...where))
        .orderBy(asc(iotDashboards.createdAt), asc(iotDashboards.id));
      const result: DashboardRecord[] = own.map((r) => ({ ...r, sharedBy: null }));
      if (space.organizationId === null) {
        // My Cloud also lists the dashboards other people shared with the caller.
        for (const s of await sharedWith(space.actorId, ...where)) {
          if (result.some((r) => r.dashboard.id === s.dashboard.id)) continue;
          result.push(s);
        }
      }
      return result;
    },

    async find(
      space: IotSpace,
      id: string,
      opts: { withDeleted?: boolean } = {},
    ): Promise<DashboardRecord | null> {
      const where = [inSpace(iotDashboards, space), eq(iotDashboards.id, id)];
      if (!opts.withDeleted) where.push(isNull(iotDashboards.deletedAt));
      const rows = await base()
        .where(and(...where))
        .limit(1);
      return rows[0] ? { ...rows[0], sharedBy: null } : null;
    },

    /** A live dashboard shared with `userId` (read access only). */
    async findShared(userId: string, id: string): Promise<DashboardRecord | null> {
      // At most one: a dashboard is shared once with a user.
      const [shared] = await sharedWith(userId, eq(iotDashboards.id, id));
      return shared ?? null;
    },

    /** Any live dashboard by id, whatever its space (for access requests only). */
    /**
     * Counts one access-request mail from `requesterId` to `ownerId` on `day` (UTC, YYYY-MM-DD), unless `max`
     * were already sent that day: false then. One statement, so concurrent requests in any process agree.
     */
    async countShareRequestMail(
      requesterId: string,
      ownerId: string,
      day: string,
      max: number,
    ): Promise<boolean> {
      const t = iotShareRequestMails;
      const rows = await db
        .insert(t)
        .values({ requesterId, ownerId, day, sent: 1 })
        .onConflictDoUpdate({
          target: [t.requesterId, t.ownerId],
          set: { sent: sql`case when ${t.day} = excluded.day then ${t.sent} + 1 else 1 end`, day },
          setWhere: sql`${t.day} <> excluded.day or ${t.sent} < ${max}`,
        })
        .returning({ sent: t.sent });
      return rows.length > 0;
    },

    async findAnywhere(id: string): Promise<DashboardRow | null> {
      const rows = await db
        .select()
        .from(iotDashboards)
        .where(and(eq(iotDashboards.id, id), isNull(iotDashboards.deletedAt)))
        .limit(1);
      return rows[0] ?? null;
    },

    async insert(values: typeof iotDashboards.$inferInsert): Promise<DashboardRow> {
      const rows = await db.insert(iotDashboards).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(id: string, changes: DashboardChanges): Promise<void> {
      await db
        .update(iotDashboards)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(iotDashboards.id, id));
    },

    async touch(id: string): Promise<void> {
      await db.update(iotDashboards).set({ updatedAt: sql`now()` }).where(eq(iotDashboards.id, id));
    },

    async softDelete(id: string): Promise<void> {
      await db
        .update(iotDashboards)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(iotDashboards.id, id));
    },

    async hardDelete(id: string): Promise<void> {
      await db.delete(iotDashboards).where(eq(iotDashboards.id, id));
    },

    async widgets(dashboardIds: string[]): Promise<WidgetRow[]> {
      if (dashboardIds.length === 0) return [];
      return db
        .select()
        .from(iotWidgets)
        .where(inArray(iotWidgets.dashboardId, dashboardIds))
        .orderBy(asc(iotWidgets.position));
    },

    /** Linked variables of the dashboards' widgets; links to deleted properties or things are left out. */
    async linked(dashboardIds: string[]): Promise<LinkedRow[]> {
      if (dashboardIds.length === 0) return [];
      return db
        .select({
          dashboardId: iotWidgetVariables.dashboardId,
          widgetId: iotWidgetVariables.widgetId,
          position: iotWidgetVariables.position,
          id: iotProperties.id,
          name: iotProperties.name,
          variableName: iotProperties.variableName,
          type: iotProperties.type,
          permission: iotProperties.permission,
          lastValue: telemetryLastValues.value,
          valueUpdatedAt: telemetryLastValues.at,
          thingId: iotThings.id,
          thingName: iotThings.name,
          thingTimezone: iotThings.timezone,
        })
        .from(iotWidgetVariables)
        .innerJoin(iotProperties, eq(iotProperties.id, iotWidgetVariables.propertyId))
        .innerJoin(iotThings, eq(iotThings.id, iotProperties.thingId))
        .leftJoin(telemetryLastValues, eq(telemetryLastValues.propertyId, iotProperties.id))
        .where(
          and(
            inArray(iotWidgetVariables.dashboardId, dashboardIds),
            isNull(iotProperties.deletedAt),
            isNull(iotThings.deletedAt),
          ),
        )
        .orderBy(asc(iotWidgetVariables.position));
    },

    async deleteWidgets(dashboardId: string, widgetIds?: string[]): Promise<void> {
      const where = [eq(iotWidgets.dashboardId, dashboardId)];
      if (widgetIds) {
        if (widgetIds.length === 0) return;
        where.push(inArray(iotWidgets.id, widgetIds));
      }
      await db.delete(iotWidgets).where(and(...where));
    },

    /** Inserts or replaces widgets (by id), then sets their linked variables. */
    async putWidgets(dashboardId: string, widgets: (NewWidget & { variables?: string[] })[]): Promise<void> {
      for (const { variables, ...w } of widgets) {
        await db
          .insert(iotWidgets)
          .values(w)
          .onConflictDoUpdate({
            target: [iotWidgets.dashboardId, iotWidgets.id],
            set: {
              type: w.type,
              name: w.name ?? null,
              options: w.options ?? {},
              x: w.x,
              y: w.y,
              width: w.width,
              height: w.height,
              xMobile: w.xMobile ?? null,
              yMobile: w.yMobile ?? null,
              widthMobile: w.widthMobile ?? null,
              heightMobile: w.heightMobile ?? null,
              pageId: w.pageId ?? null,
              position: w.position ?? 0,
            },
          });
        if (variables) await setVariables(dashboardId, w.id, variables);
      }
    },

    setVariables,

    /** Which of `ids` are live properties of live things of the space. */
    async liveProperties(space: IotSpace, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: iotProperties.id })
        .from(iotProperties)
        .innerJoin(iotThings, eq(iotThings.id, iotProperties.thingId))
        .where(
          and(
            inSpace(iotThings, space),
            isNull(iotThings.deletedAt),
            isNull(iotProperties.deletedAt),
            inArray(iotProperties.id, [...new Set(ids)]),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },

    async propertiesOf(thingIds: string[]) {
      if (thingIds.length === 0) return [];
      return db
        .select({
          id: iotProperties.id,
          thingId: iotProperties.thingId,
          name: iotProperties.name,
          variableName: iotProperties.variableName,
        })
        .from(iotProperties)
        .where(and(inArray(iotProperties.thingId, thingIds), isNull(iotProperties.deletedAt)));
    },

    async shares(dashboardId: string) {
      return db
        .select({ userId: iotDashboardShares.userId, username: users.username })
        .from(iotDashboardShares)
        .innerJoin(users, eq(users.id, iotDashboardShares.userId))
        .where(eq(iotDashboardShares.dashboardId, dashboardId))
        .orderBy(asc(iotDashboardShares.createdAt), asc(users.username));
    },

    async addShares(dashboardId: string, userIds: string[], sharedBy: string): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .insert(iotDashboardShares)
        .values(userIds.map((userId) => ({ dashboardId, userId, sharedBy })))
        .onConflictDoNothing();
    },

    async deleteShare(dashboardId: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(iotDashboardShares)
        .where(and(eq(iotDashboardShares.dashboardId, dashboardId), eq(iotDashboardShares.userId, userId)))
        .returning({ userId: iotDashboardShares.userId });
      return rows.length > 0;
    },

    async usersByIdOrName(ids: string[], names: string[]) {
      const where: SQL[] = [];
      if (ids.length > 0) where.push(inArray(users.id, ids));
      if (names.length > 0) {
        // A name is a username or an e-mail address: sharers often know only the one.
        const lowered = names.map((n) => n.toLowerCase());
        where.push(
          sql`(${inArray(sql`lower(${users.username})`, lowered)} or ${inArray(sql`lower(${users.email})`, lowered)})`,
        );
      }
      if (where.length === 0) return [];
      return db
        .select({ id: users.id, username: users.username, email: users.email })
        .from(users)
        .where(where.length === 1 ? where[0] : sql`${where[0]} or ${where[1]}`);
    },
  };
}

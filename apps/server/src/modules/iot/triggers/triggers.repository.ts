import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  iotActions,
  iotDevices,
  iotProperties,
  iotThings,
  iotTriggers,
  memberships,
} from '../../../db/schema/index.ts';
import { type IotSpace, inSpace } from '../common/space.ts';

export type TriggerRow = typeof iotTriggers.$inferSelect;
export type ActionRow = typeof iotActions.$inferSelect;
export type TriggerChanges = Partial<
  Omit<typeof iotTriggers.$inferInsert, 'id' | 'organizationId' | 'ownerUserId' | 'createdAt'>
>;
export type ActionChanges = Partial<
  Pick<typeof iotActions.$inferInsert, 'name' | 'description' | 'email' | 'pushNotification' | 'triggerId'>
>;

interface TriggerFilters {
  showDeleted?: boolean;
  propertyId?: string;
  deviceId?: string;
  sourceType?: 'PROPERTY' | 'DEVICE_INCLUDE' | 'DEVICE_EXCLUDE';
}

/** The only SQL for triggers and their actions. */
export function createTriggersRepository(db: Database) {
  return {
    async list(space: IotSpace, f: TriggerFilters): Promise<TriggerRow[]> {
      const where: SQL[] = [inSpace(iotTriggers, space)];
      if (!f.showDeleted) where.push(isNull(iotTriggers.deletedAt));
      if (f.propertyId) where.push(eq(iotTriggers.propertyId, f.propertyId));
      if (f.deviceId) {
        where.push(sql`${iotTriggers.deviceStatusSource} -> 'device_ids' ? ${f.deviceId.toLowerCase()}`);
      }
      if (f.sourceType === 'PROPERTY') where.push(sql`${iotTriggers.propertyId} is not null`);
      if (f.sourceType === 'DEVICE_INCLUDE' || f.sourceType === 'DEVICE_EXCLUDE') {
        const criteria = f.sourceType === 'DEVICE_INCLUDE' ? 'INCLUDE' : 'EXCLUDE';
        where.push(sql`${iotTriggers.deviceStatusSource} ->> 'criteria' = ${criteria}`);
      }
      return db
        .select()
        .from(iotTriggers)
        .where(and(...where))
        .orderBy(asc(iotTriggers.createdAt), asc(iotTriggers.id));
    },

    async find(
      space: IotSpace,
      id: string,
      opts: { withDeleted?: boolean } = {},
    ): Promise<TriggerRow | null> {
      const where = [inSpace(iotTriggers, space), eq(iotTriggers.id, id)];
      if (!opts.withDeleted) where.push(isNull(iotTriggers.deletedAt));
      const rows = await db
        .select()
        .from(iotTriggers)
        .where(and(...where))
        .limit(1);
      return rows[0] ?? null;
    },

    async exists(id: string): Promise<boolean> {
      const rows = await db
        .select({ id: iotTriggers.id })
        .from(iotTriggers)
        .where(eq(iotTriggers.id, id))
        .limit(1);
      return rows.length > 0;
    },

    async count(space: Pick<IotSpace, 'organizationId' | 'ownerUserId'>): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(iotTriggers)
        .where(and(inSpace(iotTriggers, space), isNull(iotTriggers.deletedAt)));
      return rows[0]?.n ?? 0;
    },

    async insert(values: typeof iotTriggers.$inferInsert): Promise<TriggerRow> {
      const rows = await db.insert(iotTriggers).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(id: string, changes: TriggerChanges): Promise<void> {
      await db
        .update(iotTriggers)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(iotTriggers.id, id));
    },

    async softDelete(id: string): Promise<void> {
      await db
        .update(iotTriggers)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(iotTriggers.id, id));
    },

    async hardDelete(id: string): Promise<void> {
      await db.delete(iotTriggers).where(eq(iotTriggers.id, id));
    },

    async actionsOf(triggerIds: string[]): Promise<ActionRow[]> {
      if (triggerIds.length === 0) return [];
      return db
        .select()
        .from(iotActions)
        .where(and(inArray(iotActions.triggerId, triggerIds), isNull(iotActions.deletedAt)))
        .orderBy(asc(iotActions.createdAt), asc(iotActions.id));
    },

    async listActions(space: IotSpace): Promise<ActionRow[]> {
      return db
        .select()
        .from(iotActions)
        .where(and(inSpace(iotActions, space), isNull(iotActions.deletedAt)))
        .orderBy(asc(iotActions.createdAt), asc(iotActions.id));
    },

    async findAction(space: IotSpace, id: string): Promise<ActionRow | null> {
      const rows = await db
        .select()
        .from(iotActions)
        .where(and(inSpace(iotActions, space), eq(iotActions.id, id), isNull(iotActions.deletedAt)))
        .limit(1);
      return rows[0] ?? null;
    },

    async insertAction(values: typeof iotActions.$inferInsert): Promise<ActionRow> {
      // clock_timestamp: actions added in one transaction keep their order.
      const rows = await db
        .insert(iotActions)
        .values({ ...values, createdAt: sql`clock_timestamp()` })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updateAction(id: string, changes: ActionChanges): Promise<void> {
      await db
        .update(iotActions)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(iotActions.id, id));
    },

    async deleteAction(id: string): Promise<void> {
      await db.delete(iotActions).where(eq(iotActions.id, id));
    },

    async deleteActionsOf(triggerId: string): Promise<void> {
      await db.delete(iotActions).where(eq(iotActions.triggerId, triggerId));
    },

    /** The type of a live property of a live thing of the space, or null. */
    async livePropertyType(space: IotSpace, propertyId: string): Promise<string | null> {
      const rows = await db
        .select({ type: iotProperties.type })
        .from(iotProperties)
        .innerJoin(iotThings, eq(iotThings.id, iotProperties.thingId))
        .where(
          and(
            eq(iotProperties.id, propertyId),
            isNull(iotProperties.deletedAt),
            isNull(iotThings.deletedAt),
            inSpace(iotThings, space),
          ),
        )
        .limit(1);
      return rows[0]?.type ?? null;
    },

    /** The thing a property belongs to (deleted or not). */
    async thingOfProperty(propertyId: string): Promise<string | null> {
      const rows = await db
        .select({ thingId: iotProperties.thingId })
        .from(iotProperties)
        .where(eq(iotProperties.id, propertyId))
        .limit(1);
      return rows[0]?.thingId ?? null;
    },

    /** Which of the device ids are live devices of the space. */
    async liveDevices(space: IotSpace, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: iotDevices.id })
        .from(iotDevices)
        .where(and(inSpace(iotDevices, space), isNull(iotDevices.deletedAt), inArray(iotDevices.id, ids)));
      return new Set(rows.map((r) => r.id));
    },

    /** Which of the user ids may receive the space's notifications (its members; in My Cloud, its owner). */
    async allowedRecipients(space: IotSpace, userIds: string[]): Promise<Set<string>> {
      if (!space.organizationId) return new Set(userIds.filter((u) => u === space.ownerUserId));
      if (userIds.length === 0) return new Set();
      const rows = await db
        .select({ id: memberships.userId })
        .from(memberships)
        .where(
          and(eq(memberships.organizationId, space.organizationId), inArray(memberships.userId, userIds)),
        );
      return new Set(rows.map((r) => r.id));
    },
  };
}

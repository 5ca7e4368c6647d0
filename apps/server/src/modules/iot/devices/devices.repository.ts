import { and, asc, desc, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  iotDeviceSecrets,
  iotDeviceStatusEvents,
  iotDevices,
  iotProperties,
  iotThings,
} from '../../../db/schema/index.ts';
import { type IotSpace, inSpace } from '../common/space.ts';

export type DeviceRow = typeof iotDevices.$inferSelect;
export type ThingRow = typeof iotThings.$inferSelect;
export type DeviceChanges = Partial<
  Omit<typeof iotDevices.$inferInsert, 'id' | 'organizationId' | 'ownerUserId' | 'createdAt'>
>;

/** A device with the live thing it drives (and that thing's property count). */
export interface DeviceRecord {
  device: DeviceRow;
  thing: ThingRow | null;
  propertiesCount: number | null;
}

export interface DeviceFilters {
  showDeleted?: boolean;
  serial?: string;
  uniqueHardwareId?: string;
  tags?: Record<string, string>;
}

const propertiesCount = sql<
  number | null
>`(select count(*)::int from ${iotProperties} where ${iotProperties.thingId} = ${iotThings.id} and ${iotProperties.deletedAt} is null)`;

/** The only SQL for devices, their secret keys and status history. */
export function createDevicesRepository(db: Database) {
  const withThing = () =>
    db
      .select({ device: iotDevices, thing: iotThings, propertiesCount })
      .from(iotDevices)
      .leftJoin(iotThings, and(eq(iotThings.deviceId, iotDevices.id), isNull(iotThings.deletedAt)));

  return {
    async list(space: IotSpace, f: DeviceFilters): Promise<DeviceRecord[]> {
      const where: SQL[] = [inSpace(iotDevices, space)];
      if (!f.showDeleted) where.push(isNull(iotDevices.deletedAt));
      if (f.serial !== undefined) where.push(eq(iotDevices.serial, f.serial));
      if (f.uniqueHardwareId !== undefined) where.push(eq(iotDevices.uniqueHardwareId, f.uniqueHardwareId));
      if (f.tags && Object.keys(f.tags).length > 0) {
        where.push(sql`${iotDevices.tags} @> ${JSON.stringify(f.tags)}::jsonb`);
      }
      return withThing()
        .where(and(...where))
        .orderBy(asc(iotDevices.createdAt), asc(iotDevices.id));
    },

    /** One device of the space; soft-deleted ones only when asked. */
    async find(
      space: IotSpace,
      id: string,
      opts: { withDeleted?: boolean } = {},
    ): Promise<DeviceRecord | null> {
      const where = [inSpace(iotDevices, space), eq(iotDevices.id, id)];
      if (!opts.withDeleted) where.push(isNull(iotDevices.deletedAt));
      const rows = await withThing()
        .where(and(...where))
        .limit(1);
      return rows[0] ?? null;
    },

    async count(space: Pick<IotSpace, 'organizationId' | 'ownerUserId'>): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(iotDevices)
        .where(and(inSpace(iotDevices, space), isNull(iotDevices.deletedAt)));
      return rows[0]?.n ?? 0;
    },

    async insert(values: typeof iotDevices.$inferInsert): Promise<DeviceRow> {
      const rows = await db.insert(iotDevices).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(id: string, changes: DeviceChanges): Promise<void> {
      await db
        .update(iotDevices)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(iotDevices.id, id));
    },

    async setTags(id: string, tags: Record<string, string>): Promise<void> {
      await db.update(iotDevices).set({ tags, updatedAt: sql`now()` }).where(eq(iotDevices.id, id));
    },

    /** Soft delete; the device leaves the thing it drove. */
    async softDelete(id: string): Promise<void> {
      await db
        .update(iotThings)
        .set({ deviceId: null, updatedAt: sql`now()` })
        .where(eq(iotThings.deviceId, id));
      await db
        .update(iotDevices)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(iotDevices.id, id));
    },

    async hardDelete(id: string): Promise<void> {
      await db.delete(iotDevices).where(eq(iotDevices.id, id));
    },

    async secretHash(deviceId: string): Promise<string | null> {
      const rows = await db
        .select({ hash: iotDeviceSecrets.secretHash })
        .from(iotDeviceSecrets)
        .where(eq(iotDeviceSecrets.deviceId, deviceId))
        .limit(1);
      return rows[0]?.hash ?? null;
    },

    async setSecret(deviceId: string, secretHash: string): Promise<void> {
      await db
        .insert(iotDeviceSecrets)
        .values({ deviceId, secretHash })
        .onConflictDoUpdate({
          target: iotDeviceSecrets.deviceId,
          set: { secretHash, createdAt: sql`now()` },
        });
    },

    async deleteSecret(deviceId: string): Promise<void> {
      await db.delete(iotDeviceSecrets).where(eq(iotDeviceSecrets.deviceId, deviceId));
    },

    async statusEvents(deviceId: string, limit: number, before?: Date) {
      const where = [eq(iotDeviceStatusEvents.deviceId, deviceId)];
      if (before) where.push(lt(iotDeviceStatusEvents.at, before));
      return db
        .select({ at: iotDeviceStatusEvents.at, value: iotDeviceStatusEvents.value })
        .from(iotDeviceStatusEvents)
        .where(and(...where))
        .orderBy(desc(iotDeviceStatusEvents.at))
        .limit(limit);
    },
  };
}
export type DevicesRepository = ReturnType<typeof createDevicesRepository>;

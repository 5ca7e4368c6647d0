import { and, asc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { iotDevices, iotProperties, iotThings } from '../../../db/schema/index.ts';
import { type IotSpace, inSpace } from '../common/space.ts';
import type { DeviceRow, ThingRow } from '../devices/devices.repository.ts';

export type ThingChanges = Partial<
  Omit<typeof iotThings.$inferInsert, 'id' | 'organizationId' | 'ownerUserId' | 'createdAt'>
>;

/** A thing with the device it is bound to and the number of its live properties. */
export interface ThingRecord {
  thing: ThingRow;
  device: DeviceRow | null;
  propertiesCount: number;
}

interface ThingFilters {
  showDeleted?: boolean;
  deviceId?: string;
  ids?: string[];
  tags?: Record<string, string>;
}

const propertiesCount = sql<number>`(select count(*)::int from ${iotProperties} where ${iotProperties.thingId} = ${iotThings.id} and ${iotProperties.deletedAt} is null)`;

/** The only SQL for things. */
export function createThingsRepository(db: Database) {
  const withDevice = () =>
    db
      .select({ thing: iotThings, device: iotDevices, propertiesCount })
      .from(iotThings)
      .leftJoin(iotDevices, and(eq(iotDevices.id, iotThings.deviceId), isNull(iotDevices.deletedAt)));

  return {
    async list(space: IotSpace, f: ThingFilters): Promise<ThingRecord[]> {
      const where: SQL[] = [inSpace(iotThings, space)];
      if (!f.showDeleted) where.push(isNull(iotThings.deletedAt));
      if (f.deviceId) where.push(eq(iotThings.deviceId, f.deviceId));
      if (f.ids) where.push(f.ids.length > 0 ? inArray(iotThings.id, f.ids) : sql`false`);
      if (f.tags && Object.keys(f.tags).length > 0) {
        where.push(sql`${iotThings.tags} @> ${JSON.stringify(f.tags)}::jsonb`);
      }
      return withDevice()
        .where(and(...where))
        .orderBy(asc(iotThings.createdAt), asc(iotThings.id));
    },

    async find(
      space: IotSpace,
      id: string,
      opts: { withDeleted?: boolean } = {},
    ): Promise<ThingRecord | null> {
      const where = [inSpace(iotThings, space), eq(iotThings.id, id)];
      if (!opts.withDeleted) where.push(isNull(iotThings.deletedAt));
      const rows = await withDevice()
        .where(and(...where))
        .limit(1);
      return rows[0] ?? null;
    },

    async exists(id: string): Promise<boolean> {
      const rows = await db.select({ id: iotThings.id }).from(iotThings).where(eq(iotThings.id, id)).limit(1);
      return rows.length > 0;
    },

    async count(space: Pick<IotSpace, 'organizationId' | 'ownerUserId'>): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(iotThings)
        .where(and(inSpace(iotThings, space), isNull(iotThings.deletedAt)));
      return rows[0]?.n ?? 0;
    },

    /** The live thing a device drives, other than `exceptThingId`. */
    async boundTo(deviceId: string, exceptThingId?: string): Promise<ThingRow | null> {
      const where = [eq(iotThings.deviceId, deviceId), isNull(iotThings.deletedAt)];
      if (exceptThingId) where.push(ne(iotThings.id, exceptThingId));
      const rows = await db
        .select()
        .from(iotThings)
        .where(and(...where))
        .limit(1);
      return rows[0] ?? null;
    },

    async unbindDevice(deviceId: string): Promise<void> {
      await db
        .update(iotThings)
        .set({ deviceId: null, updatedAt: sql`now()` })
        .where(and(eq(iotThings.deviceId, deviceId), isNull(iotThings.deletedAt)));
    },

    async insert(values: typeof iotThings.$inferInsert): Promise<ThingRow> {
      const rows = await db.insert(iotThings).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(id: string, changes: ThingChanges): Promise<void> {
      await db
        .update(iotThings)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(iotThings.id, id));
    },

    async softDelete(id: string): Promise<void> {
      await db
        .update(iotThings)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(iotThings.id, id));
    },

    async hardDelete(id: string): Promise<void> {
      await db.delete(iotThings).where(eq(iotThings.id, id));
    },
  };
}

import { and, asc, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { iotProperties, iotPropertyValues } from '../../../db/schema/index.ts';

export type PropertyRow = typeof iotProperties.$inferSelect;
export type PropertyChanges = Partial<
  Omit<typeof iotProperties.$inferInsert, 'id' | 'thingId' | 'createdAt'>
>;
export interface PropertyRecord {
  property: PropertyRow;
  linkedToTrigger: boolean;
}

/**
 * Written out in full: drizzle leaves columns unqualified in single-table selects, and inside the subquery an
 * unqualified "id" would mean the trigger's own id.
 */
const linkedToTrigger = sql<boolean>`exists (select 1 from "iot_triggers" t where t."property_id" = "iot_properties"."id" and t."deleted_at" is null)`;

/** The only SQL for properties and their stored values. */
export function createPropertiesRepository(db: Database) {
  const select = () => db.select({ property: iotProperties, linkedToTrigger }).from(iotProperties);

  return {
    async listByThings(thingIds: string[], opts: { withDeleted?: boolean } = {}): Promise<PropertyRecord[]> {
      if (thingIds.length === 0) return [];
      const where = [inArray(iotProperties.thingId, thingIds)];
      if (!opts.withDeleted) where.push(isNull(iotProperties.deletedAt));
      return select()
        .where(and(...where))
        .orderBy(
          asc(iotProperties.createdAt),
          sql`${iotProperties.tag} asc nulls last`,
          asc(iotProperties.id),
        );
    },

    async find(
      thingId: string,
      id: string,
      opts: { withDeleted?: boolean } = {},
    ): Promise<PropertyRecord | null> {
      const where = [eq(iotProperties.thingId, thingId), eq(iotProperties.id, id)];
      if (!opts.withDeleted) where.push(isNull(iotProperties.deletedAt));
      const rows = await select()
        .where(and(...where))
        .limit(1);
      return rows[0] ?? null;
    },

    async variableTaken(thingId: string, variableName: string, exceptId?: string): Promise<boolean> {
      const where = [
        eq(iotProperties.thingId, thingId),
        eq(iotProperties.variableName, variableName),
        isNull(iotProperties.deletedAt),
      ];
      if (exceptId) where.push(ne(iotProperties.id, exceptId));
      const rows = await db
        .select({ id: iotProperties.id })
        .from(iotProperties)
        .where(and(...where))
        .limit(1);
      return rows.length > 0;
    },

    async nextTag(thingId: string): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`coalesce(max(${iotProperties.tag}), 0)::int + 1` })
        .from(iotProperties)
        .where(eq(iotProperties.thingId, thingId));
      return rows[0]?.n ?? 1;
    },

    async insert(values: typeof iotProperties.$inferInsert): Promise<PropertyRow> {
      const rows = await db.insert(iotProperties).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(id: string, changes: PropertyChanges): Promise<void> {
      await db
        .update(iotProperties)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(iotProperties.id, id));
    },

    async softDelete(id: string): Promise<void> {
      await db
        .update(iotProperties)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(iotProperties.id, id));
    },

    async hardDelete(id: string): Promise<void> {
      await db.delete(iotProperties).where(eq(iotProperties.id, id));
    },

    /** Sets the last value and, for persisted properties, stores it in the series. */
    async storeValue(property: PropertyRow, value: unknown, num: number | null, at: Date): Promise<void> {
      await db
        .update(iotProperties)
        .set({ lastValue: value, valueUpdatedAt: at })
        .where(eq(iotProperties.id, property.id));
      if (!property.persist) return;
      await db
        .insert(iotPropertyValues)
        .values({ propertyId: property.id, at, value, num })
        .onConflictDoUpdate({
          target: [iotPropertyValues.propertyId, iotPropertyValues.at],
          set: { value, num },
        });
    },

    /** Stored values, newest first, older than `before` when given. */
    async values(propertyId: string, limit: number, before?: Date) {
      const where = [eq(iotPropertyValues.propertyId, propertyId)];
      if (before) where.push(lt(iotPropertyValues.at, before));
      return db
        .select({ at: iotPropertyValues.at, value: iotPropertyValues.value })
        .from(iotPropertyValues)
        .where(and(...where))
        .orderBy(desc(iotPropertyValues.at))
        .limit(limit);
    },
  };
}
export type PropertiesRepository = ReturnType<typeof createPropertiesRepository>;

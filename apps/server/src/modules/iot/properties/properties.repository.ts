import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { iotProperties, telemetryLastValues } from '../../../db/schema/index.ts';

export type PropertyRow = typeof iotProperties.$inferSelect;
type PropertyChanges = Partial<Omit<typeof iotProperties.$inferInsert, 'id' | 'thingId' | 'createdAt'>>;
export interface PropertyRecord {
  property: PropertyRow;
  linkedToTrigger: boolean;
  /** The last value (kept by the telemetry store); null when it never had one. */
  lastValue: unknown;
  valueUpdatedAt: Date | null;
}

/**
 * Written out in full: drizzle leaves columns unqualified in single-table selects, and inside the subquery an
 * unqualified "id" would mean the trigger's own id.
 */
const linkedToTrigger = sql<boolean>`exists (select 1 from "iot_triggers" t where t."property_id" = "iot_properties"."id" and t."deleted_at" is null)`;

/** The only SQL for properties (their values live in the telemetry store). */
export function createPropertiesRepository(db: Database) {
  const select = () =>
    db
      .select({
        property: iotProperties,
        linkedToTrigger,
        lastValue: telemetryLastValues.value,
        valueUpdatedAt: telemetryLastValues.at,
      })
      .from(iotProperties)
      .leftJoin(telemetryLastValues, eq(telemetryLastValues.propertyId, iotProperties.id));

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
  };
}

import { and, asc, desc, eq, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { iotProperties, iotPropertyValues, iotTriggers } from '../../../db/schema/index.ts';
import type { Aggregation } from './properties.schemas.ts';

export type PropertyRow = typeof iotProperties.$inferSelect;
export type PropertyChanges = Partial<
  Omit<typeof iotProperties.$inferInsert, 'id' | 'thingId' | 'createdAt'>
>;
export interface PropertyRecord {
  property: PropertyRow;
  linkedToTrigger: boolean;
}

const linkedToTrigger = sql<boolean>`exists (select 1 from ${iotTriggers} where ${iotTriggers.propertyId} = ${iotProperties.id} and ${iotTriggers.deletedAt} is null)`;

const AGGREGATE: Record<Aggregation, SQL> = {
  AVG: sql`avg(${iotPropertyValues.num})`,
  MIN: sql`min(${iotPropertyValues.num})`,
  MAX: sql`max(${iotPropertyValues.num})`,
  SUM: sql`sum(${iotPropertyValues.num})`,
  COUNT: sql`count(${iotPropertyValues.num})::float8`,
  PCT_99: sql`percentile_cont(0.99) within group (order by ${iotPropertyValues.num})`,
  PCT_95: sql`percentile_cont(0.95) within group (order by ${iotPropertyValues.num})`,
  PCT_90: sql`percentile_cont(0.90) within group (order by ${iotPropertyValues.num})`,
  PCT_75: sql`percentile_cont(0.75) within group (order by ${iotPropertyValues.num})`,
  PCT_50: sql`percentile_cont(0.50) within group (order by ${iotPropertyValues.num})`,
  PCT_15: sql`percentile_cont(0.15) within group (order by ${iotPropertyValues.num})`,
  PCT_5: sql`percentile_cont(0.05) within group (order by ${iotPropertyValues.num})`,
};

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

    /** Numeric values binned by `intervalS` seconds from `from`, aggregated; empty bins are left out. */
    async timeseries(
      propertyId: string,
      q: { from: Date; to: Date; intervalS: number; aggregation: Aggregation; desc: boolean; limit: number },
    ): Promise<{ time: Date; value: number }[]> {
      const bucket = sql`date_bin(${`${q.intervalS} seconds`}::interval, ${iotPropertyValues.at}, ${q.from.toISOString()}::timestamptz)`;
      const rows = await db
        .select({
          time: sql<string>`${bucket}`.as('bucket'),
          value: sql<number>`(${AGGREGATE[q.aggregation]})::float8`,
        })
        .from(iotPropertyValues)
        .where(
          and(
            eq(iotPropertyValues.propertyId, propertyId),
            sql`${iotPropertyValues.at} >= ${q.from.toISOString()}::timestamptz`,
            sql`${iotPropertyValues.at} < ${q.to.toISOString()}::timestamptz`,
            sql`${iotPropertyValues.num} is not null`,
          ),
        )
        .groupBy(sql`1`)
        .orderBy(q.desc ? sql`1 desc` : sql`1 asc`)
        .limit(q.limit);
      return rows.map((r) => ({ time: new Date(r.time), value: Number(r.value) }));
    },
  };
}
export type PropertiesRepository = ReturnType<typeof createPropertiesRepository>;

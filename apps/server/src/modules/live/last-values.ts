import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { telemetryLastValues } from '../../db/schema/index.ts';

interface LastValue {
  value: unknown;
  updatedAt: Date;
}

/** The last stored value of each property that has one (kept by the telemetry store). */
export async function readLastValues(db: Database, propertyIds: string[]): Promise<Map<string, LastValue>> {
  const out = new Map<string, LastValue>();
  if (propertyIds.length === 0) return out;
  const rows = await db
    .select({
      id: telemetryLastValues.propertyId,
      value: telemetryLastValues.value,
      at: telemetryLastValues.at,
    })
    .from(telemetryLastValues)
    // One array parameter, however many properties (a list would be one parameter each).
    .where(sql`${telemetryLastValues.propertyId} = any(${sql.param(propertyIds)}::uuid[])`);
  for (const r of rows) out.set(r.id, { value: r.value, updatedAt: r.at });
  return out;
}

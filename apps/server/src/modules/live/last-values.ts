import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { iotProperties } from '../../db/schema/index.ts';

export interface LastValue {
  value: unknown;
  updatedAt: Date;
}

/**
 * The last stored value of each property that has one. The one place the live snapshot reads last values:
 * swap its body when they move to another table.
 */
export async function readLastValues(db: Database, propertyIds: string[]): Promise<Map<string, LastValue>> {
  const out = new Map<string, LastValue>();
  if (propertyIds.length === 0) return out;
  const rows = await db
    .select({ id: iotProperties.id, value: iotProperties.lastValue, at: iotProperties.valueUpdatedAt })
    .from(iotProperties)
    // One array parameter, however many properties (a list would be one parameter each).
    .where(sql`${iotProperties.id} = any(${sql.param(propertyIds)}::uuid[])`);
  for (const r of rows) if (r.at !== null) out.set(r.id, { value: r.value, updatedAt: r.at });
  return out;
}

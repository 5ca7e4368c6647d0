import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * The telemetry store as this module uses it (modules/telemetry, interface 2).
 * TEMPORARY: a plain implementation over the existing tables until that module is in the workspace.
 */
export interface TelemetryPoint {
  propertyId: string;
  at: Date;
  value: unknown;
  num: number | null;
}

export interface TelemetryWriter {
  /** Commits the batch in one transaction; a point already stored at (propertyId, at) changes nothing. */
  write(points: TelemetryPoint[]): Promise<void>;
}

export function createTelemetryWriter(db: Database): TelemetryWriter {
  return {
    async write(points) {
      if (points.length === 0) return;
      const ids = points.map((p) => p.propertyId);
      const ats = points.map((p) => p.at.toISOString());
      const values = points.map((p) => JSON.stringify(p.value));
      const nums = points.map((p) => p.num);
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into iot_property_values (property_id, at, value, num)
          select v.id, v.at, v.value, v.num
          from unnest(${sql.param(ids)}::uuid[], ${sql.param(ats)}::timestamptz[],
                      ${sql.param(values)}::jsonb[], ${sql.param(nums)}::float8[]) as v(id, at, value, num)
          join iot_properties p on p.id = v.id and p.persist
          on conflict (property_id, at) do nothing`);
        await tx.execute(sql`
          update iot_properties p set last_value = l.value, value_updated_at = l.at
          from (
            select distinct on (v.id) v.id, v.at, v.value
            from unnest(${sql.param(ids)}::uuid[], ${sql.param(ats)}::timestamptz[],
                        ${sql.param(values)}::jsonb[]) as v(id, at, value)
            order by v.id, v.at desc
          ) l
          where p.id = l.id and (p.value_updated_at is null or p.value_updated_at < l.at)`);
      });
    },
  };
}

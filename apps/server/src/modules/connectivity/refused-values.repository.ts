import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { iotDeviceRefusedValues } from '../../db/schema/index.ts';

/** Rows kept per device at most: a device sending ever new names must not grow the table without end. */
export const MAX_REFUSED_ROWS_PER_DEVICE = 50;

/** Refusals of one (device, name, reason) gathered since the last write. */
export interface RefusedCount {
  deviceId: string;
  name: string;
  reason: string;
  count: number;
  lastAt: Date;
}

/** The SQL of what devices sent that was refused, by name and reason (`iot_device_refused_values`). */
export function createRefusedValuesRepository(db: Database) {
  return {
    /**
     * Adds the counts in one statement: a pair already recorded is added to; a new one only while its device
     * stays within `MAX_REFUSED_ROWS_PER_DEVICE` rows (the batch's pairs of a device numbered in order, the
     * rows it has added). Counts of deleted devices are left out. `counts` holds each (device, name, reason)
     * once.
     */
    async add(counts: readonly RefusedCount[]): Promise<void> {
      if (counts.length === 0) return;
      await db.execute(sql`
        with v as (
          select v.*, row_number() over (partition by v.device_id order by v.at) as n
          from unnest(${sql.param(counts.map((c) => c.deviceId))}::uuid[],
                      ${sql.param(counts.map((c) => c.name))}::text[],
                      ${sql.param(counts.map((c) => c.reason))}::text[],
                      ${sql.param(counts.map((c) => c.count))}::bigint[],
                      ${sql.param(counts.map((c) => c.lastAt.toISOString()))}::timestamptz[])
               as v(device_id, name, reason, count, at)
        ), kept as (
          select e.device_id, count(*) as rows from iot_device_refused_values e
          where e.device_id in (select device_id from v) group by e.device_id
        )
        insert into iot_device_refused_values as r (device_id, name, reason, count, first_at, last_at)
        select v.device_id, v.name, v.reason, v.count, v.at, v.at
        from v left join kept on kept.device_id = v.device_id
        where exists (select 1 from iot_devices d where d.id = v.device_id)
          and (exists (select 1 from iot_device_refused_values e
                       where e.device_id = v.device_id and e.name = v.name and e.reason = v.reason)
               or coalesce(kept.rows, 0) + v.n <= ${MAX_REFUSED_ROWS_PER_DEVICE})
        on conflict (device_id, name, reason) do update
          set count = r.count + excluded.count, last_at = greatest(r.last_at, excluded.last_at)`);
    },

    /** A device's refusals, the latest first. */
    async list(deviceId: string) {
      return db
        .select()
        .from(iotDeviceRefusedValues)
        .where(eq(iotDeviceRefusedValues.deviceId, deviceId))
        .orderBy(desc(iotDeviceRefusedValues.lastAt), asc(iotDeviceRefusedValues.name))
        .limit(MAX_REFUSED_ROWS_PER_DEVICE * 2);
    },

    /** Forgets a device's refusals: the maker has seen them (counting starts again). */
    async clear(deviceId: string): Promise<void> {
      await db.delete(iotDeviceRefusedValues).where(eq(iotDeviceRefusedValues.deviceId, deviceId));
    },
  };
}
export type RefusedValuesRepository = ReturnType<typeof createRefusedValuesRepository>;

import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { iotDeviceSecrets, iotDevices } from '../../db/schema/index.ts';
import { DEMO_TAG } from './demo-resources.ts';

const isDemo = sql`${iotDevices.tags} @> ${JSON.stringify({ [DEMO_TAG.key]: DEMO_TAG.value })}::jsonb`;

export function createDemoRepository(db: Database) {
  return {
    /** The key hash of this device if it is a demo device, not deleted, with a key; else null. */
    async demoKeyHash(deviceId: string): Promise<string | null> {
      const rows = await db
        .select({ hash: iotDeviceSecrets.secretHash })
        .from(iotDevices)
        .innerJoin(iotDeviceSecrets, eq(iotDeviceSecrets.deviceId, iotDevices.id))
        .where(and(eq(iotDevices.id, deviceId), isNull(iotDevices.deletedAt), isDemo))
        .limit(1);
      return rows[0]?.hash ?? null;
    },

    /** Ids of the newest demo devices not deleted, newest first. */
    async newestDevices(limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: iotDevices.id })
        .from(iotDevices)
        .where(and(isNull(iotDevices.deletedAt), isDemo))
        .orderBy(desc(iotDevices.createdAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}

import { and, desc, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { iotDevices } from '../../db/schema/index.ts';
import { DEMO_TAG } from './demo-resources.ts';

export function createDemoRepository(db: Database) {
  return {
    /** Ids of the newest demo devices not deleted, newest first. */
    async newestDevices(limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: iotDevices.id })
        .from(iotDevices)
        .where(
          and(
            isNull(iotDevices.deletedAt),
            sql`${iotDevices.tags} @> ${JSON.stringify({ [DEMO_TAG.key]: DEMO_TAG.value })}::jsonb`,
          ),
        )
        .orderBy(desc(iotDevices.createdAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}

import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userSettings } from '../../db/schema/index.ts';

export function createUserSettingsRepository(db: Database) {
  return {
    async get(userId: string): Promise<Record<string, unknown>> {
      const rows = await db
        .select({ settings: userSettings.settings })
        .from(userSettings)
        .where(sql`${userSettings.userId} = ${userId}`);
      return rows[0]?.settings ?? {};
    },
    async put(userId: string, settings: Record<string, unknown>): Promise<Record<string, unknown>> {
      await db
        .insert(userSettings)
        .values({ userId, settings })
        .onConflictDoUpdate({ target: userSettings.userId, set: { settings, updatedAt: sql`now()` } });
      return settings;
    },
  };
}
export type UserSettingsRepository = ReturnType<typeof createUserSettingsRepository>;

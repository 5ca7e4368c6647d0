import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { instanceSettings, planSettings } from '../../db/schema/index.ts';

/** The `instance_settings` key of the default plans set in the console. */
const PLAN_DEFAULTS_KEY = 'plan_defaults';

export interface StoredPlanSetting {
  planId: string;
  limits: Record<string, unknown>;
}

/** The only SQL for the operator's plan numbers (`plan_settings`) and default plans (`instance_settings`). */
export function createPlanSettingsRepository(db: Database) {
  return {
    /** The rows of the given plans (all rows without `planIds`): a handful, read on every check. */
    async limits(planIds?: readonly string[]): Promise<StoredPlanSetting[]> {
      if (planIds && planIds.length === 0) return [];
      const rows = await db
        .select({ planId: planSettings.planId, limits: planSettings.limits })
        .from(planSettings)
        .where(planIds ? inArray(planSettings.planId, [...planIds]) : undefined);
      return rows;
    },

    async upsertLimits(planId: string, limits: Record<string, number | null>, by: string): Promise<void> {
      await db
        .insert(planSettings)
        .values({ planId, limits, updatedBy: by })
        .onConflictDoUpdate({
          target: planSettings.planId,
          set: { limits, updatedBy: by, updatedAt: sql`now()` },
        });
    },

    /** Drops the plan's row (its built-in numbers hold again); false when it had none. */
    async deleteLimits(planId: string): Promise<boolean> {
      const rows = await db
        .delete(planSettings)
        .where(eq(planSettings.planId, planId))
        .returning({ planId: planSettings.planId });
      return rows.length > 0;
    },

    /** The default plans the console set, as stored (null: never set there, the environment's hold). */
    async defaults(): Promise<unknown> {
      const rows = await db
        .select({ value: instanceSettings.value })
        .from(instanceSettings)
        .where(eq(instanceSettings.key, PLAN_DEFAULTS_KEY))
        .limit(1);
      return rows[0]?.value ?? null;
    },

    async setDefaults(value: Record<string, string | null>): Promise<void> {
      await db
        .insert(instanceSettings)
        .values({ key: PLAN_DEFAULTS_KEY, value })
        .onConflictDoUpdate({ target: instanceSettings.key, set: { value, updatedAt: sql`now()` } });
    },
  };
}

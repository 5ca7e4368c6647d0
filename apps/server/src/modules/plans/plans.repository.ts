import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { planRenewals, userPlans } from '../../db/schema/index.ts';

type RenewalRow = typeof planRenewals.$inferSelect;
type NewRenewalRow = typeof planRenewals.$inferInsert;
type UserPlanRow = typeof userPlans.$inferSelect;

/** The only SQL for user plans and plan renewals (a space's plan lives on its row: spaces repository). */
export function createPlansRepository(db: Database) {
  return {
    async activeUserPlans(userId: string): Promise<string[]> {
      const rows = await db
        .select({ planId: userPlans.planId })
        .from(userPlans)
        .where(
          and(
            eq(userPlans.userId, userId),
            or(isNull(userPlans.expiresAt), gt(userPlans.expiresAt, sql`now()`)),
          ),
        );
      return rows.map((r) => r.planId);
    },

    async userPlan(userId: string, planId: string): Promise<UserPlanRow | null> {
      const rows = await db
        .select()
        .from(userPlans)
        .where(and(eq(userPlans.userId, userId), eq(userPlans.planId, planId)))
        .limit(1);
      return rows[0] ?? null;
    },

    async upsertUserPlan(userId: string, planId: string, expiresAt: Date | null): Promise<void> {
      await db
        .insert(userPlans)
        .values({ userId, planId, expiresAt })
        .onConflictDoUpdate({
          target: [userPlans.userId, userPlans.planId],
          set: { expiresAt, grantedAt: sql`now()` },
        });
    },

    async insertRenewal(values: NewRenewalRow): Promise<RenewalRow> {
      const rows = await db.insert(planRenewals).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async findRenewal(id: string): Promise<RenewalRow | null> {
      const rows = await db.select().from(planRenewals).where(eq(planRenewals.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** Marks an unused renewal used; false when it was used already (one use, even under a race). */
    async consumeRenewal(id: string, usedBy: string): Promise<boolean> {
      const rows = await db
        .update(planRenewals)
        .set({ usedAt: sql`now()`, usedBy })
        .where(and(eq(planRenewals.id, id), isNull(planRenewals.usedAt)))
        .returning({ id: planRenewals.id });
      return rows.length > 0;
    },
  };
}

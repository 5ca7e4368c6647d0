import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizations, planRequests, users } from '../../db/schema/index.ts';

type NewPlanRequestRow = typeof planRequests.$inferInsert;
export type PlanRequestStatus = (typeof planRequests.$inferSelect)['status'];

/** A request with the names its answer shows: the requester, and the space when it is a space's. */
export interface PlanRequestRecord {
  request: typeof planRequests.$inferSelect;
  user: { id: string; username: string; email: string; name: string };
  space: { id: string; name: string; space: 'edu' | 'pro' } | null;
}

const columns = {
  request: planRequests,
  user: { id: users.id, username: users.username, email: users.email, name: users.name },
  space: { id: organizations.id, name: organizations.name, space: organizations.space },
};

/** The only SQL for plan requests (and the operators they are announced to). */
export function createPlanRequestsRepository(db: Database) {
  async function select(where: SQL | undefined, limit?: number): Promise<PlanRequestRecord[]> {
    const query = db
      .select(columns)
      .from(planRequests)
      .innerJoin(users, eq(users.id, planRequests.userId))
      .leftJoin(organizations, eq(organizations.id, planRequests.organizationId))
      .where(where)
      .orderBy(desc(planRequests.createdAt), desc(planRequests.id));
    const rows = await (limit ? query.limit(limit) : query);
    // A left join's missing side comes back as an object of nulls from some drivers, as null from others.
    return rows.map((r) => ({ ...r, space: r.space?.id ? r.space : null }));
  }

  return {
    async insert(values: NewPlanRequestRow): Promise<string> {
      const rows = await db.insert(planRequests).values(values).returning({ id: planRequests.id });
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    /** Whether the user has a pending request for this target (their My Cloud: null). */
    async hasPending(userId: string, organizationId: string | null): Promise<boolean> {
      const rows = await db
        .select({ id: planRequests.id })
        .from(planRequests)
        .where(
          and(
            eq(planRequests.userId, userId),
            organizationId === null
              ? isNull(planRequests.organizationId)
              : eq(planRequests.organizationId, organizationId),
            eq(planRequests.status, 'pending'),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async find(id: string): Promise<PlanRequestRecord | null> {
      return (await select(eq(planRequests.id, id), 1))[0] ?? null;
    },

    /** The user's requests, newest first. */
    ofUser(userId: string): Promise<PlanRequestRecord[]> {
      return select(eq(planRequests.userId, userId));
    },

    /** Every request (of one status), newest first. */
    list(status: PlanRequestStatus | undefined, limit: number): Promise<PlanRequestRecord[]> {
      return select(status ? eq(planRequests.status, status) : undefined, limit);
    },

    /**
     * Decides a pending request; false when it is not pending any more (decided by someone else meanwhile),
     * so two decisions never both pass.
     */
    async decide(
      id: string,
      decision: { status: Exclude<PlanRequestStatus, 'pending'>; by: string; note: string },
    ): Promise<boolean> {
      const rows = await db
        .update(planRequests)
        .set({
          status: decision.status,
          decidedAt: sql`now()`,
          decidedBy: decision.by,
          decisionNote: decision.note,
        })
        .where(and(eq(planRequests.id, id), eq(planRequests.status, 'pending')))
        .returning({ id: planRequests.id });
      return rows.length > 0;
    },

    /** The accounts told of a new request: every operator whose account is not disabled. */
    async operatorIds(): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isOperator, true), isNull(users.disabledAt)));
      return rows.map((r) => r.id);
    },
  };
}

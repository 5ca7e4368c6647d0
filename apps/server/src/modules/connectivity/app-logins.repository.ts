import { and, eq, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { iotApiClients, iotThings, memberships, mqttAppLogins } from '../../db/schema/index.ts';

type AppLoginRow = typeof mqttAppLogins.$inferSelect;
type AppLoginInput = Omit<AppLoginRow, 'updatedAt'>;

/** A thing the user sees, with the user's roles in its space (null: the user's own My Cloud). */
export interface VisibleThing {
  id: string;
  organizationId: string | null;
  roles: string[] | null;
}

/** The SQL behind application logins on an external broker (`app-logins.ts`). */
export function createAppLoginsRepository(db: Database) {
  return {
    async find(userId: string): Promise<AppLoginRow | null> {
      const rows = await db.select().from(mqttAppLogins).where(eq(mqttAppLogins.userId, userId)).limit(1);
      return rows[0] ?? null;
    },

    /** Inserts or replaces the user's login; the grants are re-applied (digest cleared) when the token changed. */
    async upsert(login: AppLoginInput): Promise<void> {
      await db
        .insert(mqttAppLogins)
        .values(login)
        .onConflictDoUpdate({
          target: mqttAppLogins.userId,
          set: { ...login, updatedAt: sql`now()` },
        });
    },

    /**
     * Records the grants now given to the client, unless another process recorded others since `previous`:
     * true when this caller should apply them.
     */
    async claimGrants(userId: string, previous: string, next: string): Promise<boolean> {
      const rows = await db
        .update(mqttAppLogins)
        .set({ grantsDigest: next, updatedAt: sql`now()` })
        .where(and(eq(mqttAppLogins.userId, userId), eq(mqttAppLogins.grantsDigest, previous)))
        .returning({ userId: mqttAppLogins.userId });
      return rows.length > 0;
    },

    /** Deletes the login (only the one with this token digest, when given); returns whether one was deleted. */
    async remove(userId: string, tokenDigest?: string): Promise<boolean> {
      const where = [eq(mqttAppLogins.userId, userId)];
      if (tokenDigest) where.push(eq(mqttAppLogins.tokenDigest, tokenDigest));
      const rows = await db
        .delete(mqttAppLogins)
        .where(and(...where))
        .returning({ userId: mqttAppLogins.userId });
      return rows.length > 0;
    },

    /** Deletes logins whose token expired before `now` or whose API key was deleted; returns their users. */
    async removeEnded(now: Date): Promise<string[]> {
      const keyGone = and(
        isNotNull(mqttAppLogins.apiClientId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(iotApiClients)
            .where(eq(iotApiClients.clientId, mqttAppLogins.apiClientId)),
        ),
      );
      const rows = await db
        .delete(mqttAppLogins)
        .where(or(lt(mqttAppLogins.expiresAt, now), keyGone))
        .returning({ userId: mqttAppLogins.userId });
      return rows.map((r) => r.userId);
    },

    async active(): Promise<AppLoginRow[]> {
      return db.select().from(mqttAppLogins);
    },

    /** Live things of the user's My Cloud and of every space the user is a member of. */
    async visibleThings(userId: string): Promise<VisibleThing[]> {
      return db
        .select({ id: iotThings.id, organizationId: iotThings.organizationId, roles: memberships.roles })
        .from(iotThings)
        .leftJoin(
          memberships,
          and(eq(memberships.organizationId, iotThings.organizationId), eq(memberships.userId, userId)),
        )
        .where(
          and(
            isNull(iotThings.deletedAt),
            or(
              and(isNull(iotThings.organizationId), eq(iotThings.ownerUserId, userId)),
              isNotNull(memberships.userId),
            ),
          ),
        );
    },

    /** The organisations the user is a member of (their live events may change what the user sees). */
    async spacesOf(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: memberships.organizationId })
        .from(memberships)
        .where(eq(memberships.userId, userId));
      return rows.map((r) => r.id);
    },
  };
}
export type AppLoginsRepository = ReturnType<typeof createAppLoginsRepository>;

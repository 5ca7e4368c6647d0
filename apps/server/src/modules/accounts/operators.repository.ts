import { and, asc, eq, inArray, not, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { instanceSettings, users } from '../../db/schema/index.ts';
import { DEMO_LOGIN } from './demo-account.ts';

/**
 * The row that hands out the first operator: whoever inserts it first is the one (its primary key decides
 * between racing sign-ups). `user_id` null: closed without an operator, on a server that had accounts before
 * operators existed, where "the first sign-up" would be a stranger.
 */
export const FIRST_OPERATOR_KEY = 'first_operator';

const lower = (column: typeof users.username | typeof users.email) => sql`lower(${column})`;
/** The seeded demo account, whose password is printed at start-up: never an operator by any rule here. */
const notDemo = not(
  and(eq(users.username, DEMO_LOGIN.username), eq(users.email, DEMO_LOGIN.email)) ?? sql`false`,
);

/** The SQL of operators: the first-operator claim, `OPERATORS` at start-up, and making or unmaking one. */
export function createOperatorsRepository(db: Database) {
  return {
    /** In the transaction that created `userId`: true when it took the first-operator seat (and the flag). */
    async claimFirstOperator(userId: string): Promise<boolean> {
      const won = await db
        .insert(instanceSettings)
        .values({ key: FIRST_OPERATOR_KEY, value: { user_id: userId } })
        .onConflictDoNothing({ target: instanceSettings.key })
        .returning({ key: instanceSettings.key });
      if (won.length === 0) return false;
      await db.update(users).set({ isOperator: true }).where(eq(users.id, userId));
      return true;
    },

    /** Whether the next adult sign-up still becomes the first operator. */
    async seatOpen(): Promise<boolean> {
      const rows = await db
        .select({ key: instanceSettings.key })
        .from(instanceSettings)
        .where(eq(instanceSettings.key, FIRST_OPERATOR_KEY))
        .limit(1);
      return rows.length === 0;
    },

    /**
     * Closes the seat when accounts other than the demo exist already (a server upgraded to operators): its
     * next sign-up is nobody in particular. True when it closed it now.
     */
    async closeSeatUnlessFresh(): Promise<boolean> {
      const others = await db.select({ id: users.id }).from(users).where(notDemo).limit(1);
      if (others.length === 0) return false;
      const closed = await db
        .insert(instanceSettings)
        .values({
          key: FIRST_OPERATOR_KEY,
          value: { user_id: null, reason: 'accounts existed before operators' },
        })
        .onConflictDoNothing({ target: instanceSettings.key })
        .returning({ key: instanceSettings.key });
      return closed.length > 0;
    },

    /** Flags the adult accounts `OPERATORS` names (lower-cased logins); the demo account never. */
    async grantNamed(logins: string[]): Promise<void> {
      if (logins.length === 0) return;
      await db
        .update(users)
        .set({ isOperator: true, updatedAt: sql`now()` })
        .where(
          and(
            eq(users.isOperator, false),
            eq(users.isMinor, false),
            notDemo,
            or(inArray(lower(users.username), logins), inArray(lower(users.email), logins)),
          ),
        );
    },

    /** Usernames of the operators, oldest account first (the start-up log). */
    async usernames(): Promise<string[]> {
      const rows = await db
        .select({ username: users.username })
        .from(users)
        .where(eq(users.isOperator, true))
        .orderBy(asc(users.createdAt));
      return rows.map((r) => r.username);
    },

    /**
     * Inside a transaction: locks every operator's row (in id order, so concurrent changes queue instead of
     * deadlocking) and counts the working ones (not disabled) other than `userId`, as they are once the locks
     * are held: two operators unmaking each other at once cannot leave none.
     */
    async lockOperatorsAndCountOthers(userId: string): Promise<number> {
      const rows = await db
        .select({ id: users.id, disabledAt: users.disabledAt })
        .from(users)
        .where(eq(users.isOperator, true))
        .orderBy(asc(users.id))
        .for('update');
      return rows.filter((r) => r.id !== userId && r.disabledAt === null).length;
    },

    async setOperator(userId: string, operator: boolean): Promise<void> {
      await db.update(users).set({ isOperator: operator, updatedAt: sql`now()` }).where(eq(users.id, userId));
    },
  };
}

import { isUuid } from '@tinkercloud/shared';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { iotApiClients, oidcPayloads, users, userTokens } from '../../db/schema/index.ts';
import type { Account } from './account.types.ts';
import { createOperatorsRepository } from './operators.repository.ts';

export type UserRow = typeof users.$inferSelect;
type NewUserRow = typeof users.$inferInsert;
export type TokenPurpose = (typeof userTokens.$inferInsert)['purpose'];

export function toAccount(row: UserRow): Account {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    name: row.name,
    emailVerified: row.emailVerified,
    isMinor: row.isMinor,
    birthday: row.birthday,
    picture: row.picture,
    loginCount: row.loginCount,
    tosAccepted: row.tosAcceptedAt !== null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The only SQL for users and user_tokens (besides the operator flag's, `operators.repository.ts`). */
export function createAccountRepository(db: Database) {
  const lower = (v: string) => sql`lower(${v})`;
  const first = <T>(rows: T[]): T | null => rows[0] ?? null;
  /** The token of `purpose` with this hash while it can still be used: not used yet, not expired. */
  const usableToken = (tokenHash: string, purpose: TokenPurpose) =>
    and(
      eq(userTokens.tokenHash, tokenHash),
      eq(userTokens.purpose, purpose),
      isNull(userTokens.usedAt),
      gt(userTokens.expiresAt, sql`now()`),
    );

  return {
    async findById(id: string): Promise<UserRow | null> {
      if (!isUuid(id)) return null;
      return first(await db.select().from(users).where(eq(users.id, id)).limit(1));
    },

    async findByEmail(email: string): Promise<UserRow | null> {
      return first(
        await db
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = ${lower(email)}`)
          .limit(1),
      );
    },

    /** Matches the login against the e-mail or the username, both case-insensitively. */
    async findByLogin(login: string): Promise<UserRow | null> {
      const rows = await db
        .select()
        .from(users)
        .where(
          or(sql`lower(${users.email}) = ${lower(login)}`, sql`lower(${users.username}) = ${lower(login)}`),
        )
        .limit(2);
      // An e-mail match wins if someone picked another user's e-mail address as a username.
      return rows.find((r) => r.email.toLowerCase() === login.toLowerCase()) ?? rows[0] ?? null;
    },

    async findByExternalSubject(subject: string): Promise<UserRow | null> {
      return first(await db.select().from(users).where(eq(users.externalSubject, subject)).limit(1));
    },

    async emailTaken(email: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${lower(email)}`)
        .limit(1);
      return rows.length > 0;
    },

    async usernameTaken(username: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = ${lower(username)}`)
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Inserts a user; a unique violation surfaces as the driver's error (see isUniqueViolation). With
     * `claimFirstOperator` the same transaction tries the first-operator seat, so the account is never seen
     * without the flag it won, and of racing first sign-ups exactly one wins it.
     */
    async insert(values: NewUserRow, opts: { claimFirstOperator?: boolean } = {}): Promise<UserRow> {
      const insertOne = async (tx: Database) => {
        const row = (await tx.insert(users).values(values).returning())[0];
        if (!row) throw new Error('insert returned no row');
        return row;
      };
      if (!opts.claimFirstOperator) return insertOne(db);
      return db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const row = await insertOne(tx);
        const won = await createOperatorsRepository(tx).claimFirstOperator(row.id);
        return won ? { ...row, isOperator: true } : row;
      });
    },

    async update(id: string, values: Partial<Omit<NewUserRow, 'id' | 'createdAt'>>): Promise<UserRow | null> {
      return first(
        await db
          .update(users)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(users.id, id))
          .returning(),
      );
    },

    async incrementLoginCount(id: string): Promise<UserRow | null> {
      return first(
        await db
          .update(users)
          .set({ loginCount: sql`${users.loginCount} + 1`, lastSignInAt: sql`now()` })
          .where(eq(users.id, id))
          .returning(),
      );
    },

    async insertToken(values: { userId: string; purpose: TokenPurpose; tokenHash: string; expiresAt: Date }) {
      await db.insert(userTokens).values(values);
    },

    /** Marks a valid (unused, unexpired) token as used and returns its user id; null otherwise. One use only. */
    async consumeToken(tokenHash: string, purpose: TokenPurpose): Promise<string | null> {
      const rows = await db
        .update(userTokens)
        .set({ usedAt: sql`now()` })
        .where(usableToken(tokenHash, purpose))
        .returning({ userId: userTokens.userId });
      return rows[0]?.userId ?? null;
    },

    /** Checks a token without using it up (to show a form before the final step). */
    async peekToken(tokenHash: string, purpose: TokenPurpose): Promise<string | null> {
      const rows = await db
        .select({ userId: userTokens.userId })
        .from(userTokens)
        .where(usableToken(tokenHash, purpose))
        .limit(1);
      return rows[0]?.userId ?? null;
    },

    /** Retires every outstanding token of one purpose for a user (e.g. after a password reset). */
    async retireTokens(userId: string, purpose: TokenPurpose): Promise<void> {
      await db
        .update(userTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)),
        );
    },

    /** Deletes tokens that expired more than a day ago. */
    async purgeExpiredTokens(): Promise<void> {
      await db.delete(userTokens).where(lt(userTokens.expiresAt, sql`now() - interval '1 day'`));
    },

    /** Deletes every API key of the user (in every space), at the user's request on a password reset. */
    async deleteApiKeys(userId: string): Promise<void> {
      await db.delete(iotApiClients).where(eq(iotApiClients.ownerUserId, userId));
    },

    /** Ends every sign-in session, grant and token the identity provider holds for the account. */
    async endSessions(userId: string): Promise<void> {
      await db.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${userId}`);
    },
  };
}

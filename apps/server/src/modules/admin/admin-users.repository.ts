import type { AdminUsersQuery } from '@tinkercloud/shared';
import { isUuid } from '@tinkercloud/shared';
import { and, asc, desc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { memberships, organizations, userPlans, users } from '../../db/schema/index.ts';

/** What the console shows of an account (never its password hash). */
const columns = {
  id: users.id,
  username: users.username,
  email: users.email,
  name: users.name,
  isMinor: users.isMinor,
  emailVerified: users.emailVerified,
  isOperator: users.isOperator,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
  /** Signs in through an external provider only: no password to reset here. */
  external: sql<boolean>`(${users.passwordHash} is null)`,
};
export interface AdminUserRow {
  id: string;
  username: string;
  email: string;
  name: string;
  isMinor: boolean;
  emailVerified: boolean;
  isOperator: boolean;
  disabledAt: Date | null;
  createdAt: Date;
  lastSignInAt: Date | null;
  external: boolean;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const SORTS: Record<AdminUsersQuery['sort'], SQL> = {
  created: sql`${users.createdAt}`,
  username: sql`lower(${users.username})`,
  email: sql`lower(${users.email})`,
  last_sign_in: sql`${users.lastSignInAt}`,
};

/**
 * The console's reads over every account: a page is one statement (the rows and the total match count by a
 * window function), and the page's plans and spaces one statement each, never one per user. A search is a
 * substring match (ILIKE) over username, e-mail and name: a scan, which thousands of accounts take in
 * milliseconds.
 */
export function createAdminUsersRepository(db: Database) {
  const matching = (q: string | undefined) => {
    if (!q) return undefined;
    const like = `%${escapeLike(q)}%`;
    return or(ilike(users.username, like), ilike(users.email, like), ilike(users.name, like));
  };

  return {
    async page(query: AdminUsersQuery): Promise<{ rows: AdminUserRow[]; total: number }> {
      const where = matching(query.q);
      const dir = query.order === 'asc' ? asc : desc;
      const sort = SORTS[query.sort];
      const found = await db
        .select({ ...columns, total: sql<number>`(count(*) over ())::int` })
        .from(users)
        .where(where)
        // Never signed in sorts last either way; the id keeps pages stable among equal keys.
        .orderBy(query.sort === 'last_sign_in' ? sql`${dir(sort)} nulls last` : dir(sort), dir(users.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      const first = found[0];
      if (first) return { rows: found.map(({ total: _, ...row }) => row), total: Number(first.total) };
      // Past the last page the window has no row to ride on: count on its own.
      const counted = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
      return { rows: [], total: Number(counted[0]?.n ?? 0) };
    },

    async byId(id: string): Promise<AdminUserRow | null> {
      if (!isUuid(id)) return null;
      const rows = await db.select(columns).from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** The running plans (no end, or an end to come) of these users. */
    async plansOf(userIds: string[]) {
      if (userIds.length === 0) return [];
      return db
        .select({ userId: userPlans.userId, planId: userPlans.planId, expiresAt: userPlans.expiresAt })
        .from(userPlans)
        .where(
          and(
            inArray(userPlans.userId, userIds),
            or(isNull(userPlans.expiresAt), gt(userPlans.expiresAt, sql`now()`)),
          ),
        )
        .orderBy(asc(userPlans.grantedAt));
    },

    /** The spaces (school and team) these users are members of, with their roles there. */
    async spacesOf(userIds: string[]) {
      if (userIds.length === 0) return [];
      return db
        .select({
          userId: memberships.userId,
          id: organizations.id,
          name: organizations.name,
          space: organizations.space,
          roles: memberships.roles,
        })
        .from(memberships)
        .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
        .where(inArray(memberships.userId, userIds))
        .orderBy(asc(sql`lower(${organizations.name})`));
    },
  };
}

import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { memberships, users } from '../../db/schema/index.ts';

export interface MemberRow {
  id: string;
  username: string;
  name: string;
  email: string;
  avatar: string;
  isMinor: boolean;
  roles: string[];
  updatedAt: Date;
}

const columns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  avatar: users.picture,
  isMinor: users.isMinor,
  roles: memberships.roles,
  updatedAt: memberships.updatedAt,
};

const pair = (organizationId: string, userId: string) =>
  and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId));

/** The only SQL for memberships joined with their accounts. */
export function createMembersRepository(db: Database) {
  return {
    async list(organizationId: string): Promise<MemberRow[]> {
      return db
        .select(columns)
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.organizationId, organizationId))
        .orderBy(asc(sql`lower(${users.username})`));
    },

    async get(organizationId: string, userId: string): Promise<MemberRow | null> {
      const rows = await db
        .select(columns)
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(pair(organizationId, userId))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Always one query, even for no ids: callers that must not reveal what they looked up rely on it. */
    async getMany(organizationId: string, userIds: string[]): Promise<MemberRow[]> {
      return db
        .select(columns)
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            eq(memberships.organizationId, organizationId),
            sql`${memberships.userId} = any(${sql.param(userIds)}::uuid[])`,
          ),
        )
        .orderBy(asc(sql`lower(${users.username})`));
    },

    async insertMany(organizationId: string, rows: { userId: string; roles: string[] }[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(memberships).values(rows.map((r) => ({ organizationId, ...r })));
    },

    async remove(organizationId: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(memberships)
        .where(pair(organizationId, userId))
        .returning({ userId: memberships.userId });
      return rows.length > 0;
    },

    async setRoles(organizationId: string, userId: string, roles: string[]): Promise<void> {
      await db.update(memberships).set({ roles, updatedAt: sql`now()` }).where(pair(organizationId, userId));
    },

    async count(organizationId: string): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(memberships)
        .where(eq(memberships.organizationId, organizationId));
      return rows[0]?.n ?? 0;
    },

    async countWithRole(organizationId: string, role: string): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(memberships)
        .where(and(eq(memberships.organizationId, organizationId), sql`${role} = any(${memberships.roles})`));
      return rows[0]?.n ?? 0;
    },
  };
}
export type MembersRepository = ReturnType<typeof createMembersRepository>;

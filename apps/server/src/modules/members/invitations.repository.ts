import { and, asc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { memberships, organizations, spaceInvitations, users } from '../../db/schema/index.ts';

export type InvitationRow = typeof spaceInvitations.$inferSelect;

/** Who may receive invitations: their id, and their e-mail when verified (e-mail invitations wait for it). */
export interface Invitee {
  id: string;
  email: string;
  emailVerified: boolean;
}

interface ReceivedInvitationRow {
  id: string;
  organizationId: string;
  organizationName: string;
  space: 'edu' | 'pro';
  roles: string[];
  inviterName: string | null;
  inviterUsername: string | null;
  createdAt: Date;
}

const inviter = alias(users, 'inviter');

/** Invitations meant for this person: bound to their account, or typed as their verified e-mail address. */
function addressedTo(who: Invitee): SQL {
  const bound = eq(spaceInvitations.userId, who.id);
  if (!who.emailVerified) return bound;
  return or(
    bound,
    and(isNull(spaceInvitations.userId), sql`lower(${spaceInvitations.login}) = ${who.email.toLowerCase()}`),
  ) as SQL;
}

/** The only SQL for space invitations. */
export function createInvitationsRepository(db: Database) {
  return {
    async insertMany(
      rows: {
        organizationId: string;
        login: string;
        userId: string | null;
        roles: string[];
        invitedBy: string | null;
      }[],
    ): Promise<InvitationRow[]> {
      if (rows.length === 0) return [];
      return db.insert(spaceInvitations).values(rows).returning();
    },

    async listForSpace(organizationId: string): Promise<InvitationRow[]> {
      return db
        .select()
        .from(spaceInvitations)
        .where(eq(spaceInvitations.organizationId, organizationId))
        .orderBy(asc(spaceInvitations.createdAt), asc(sql`lower(${spaceInvitations.login})`));
    },

    /** Which of these logins (compared case-insensitively) already wait in the space. */
    async pendingLogins(organizationId: string, logins: string[]): Promise<Set<string>> {
      if (logins.length === 0) return new Set();
      const lowered = logins.map((l) => l.toLowerCase());
      const rows = await db
        .select({ login: spaceInvitations.login })
        .from(spaceInvitations)
        .where(
          and(
            eq(spaceInvitations.organizationId, organizationId),
            sql`lower(${spaceInvitations.login}) = any(${sql.param(lowered)}::text[])`,
          ),
        );
      return new Set(rows.map((r) => r.login.toLowerCase()));
    },

    async findInSpace(organizationId: string, id: string): Promise<InvitationRow | null> {
      const rows = await db
        .select()
        .from(spaceInvitations)
        .where(and(eq(spaceInvitations.organizationId, organizationId), eq(spaceInvitations.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    async deleteInSpace(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(spaceInvitations)
        .where(and(eq(spaceInvitations.organizationId, organizationId), eq(spaceInvitations.id, id)))
        .returning({ id: spaceInvitations.id });
      return rows.length > 0;
    },

    /** The invitee's pending invitations, leaving out spaces they already belong to. */
    async listFor(who: Invitee): Promise<ReceivedInvitationRow[]> {
      return db
        .select({
          id: spaceInvitations.id,
          organizationId: organizations.id,
          organizationName: organizations.name,
          space: organizations.space,
          roles: spaceInvitations.roles,
          inviterName: inviter.name,
          inviterUsername: inviter.username,
          createdAt: spaceInvitations.createdAt,
        })
        .from(spaceInvitations)
        .innerJoin(organizations, eq(organizations.id, spaceInvitations.organizationId))
        .leftJoin(inviter, eq(inviter.id, spaceInvitations.invitedBy))
        .where(
          and(
            addressedTo(who),
            sql`not exists (select 1 from ${memberships} where ${memberships.organizationId} = ${spaceInvitations.organizationId} and ${memberships.userId} = ${who.id})`,
          ),
        )
        .orderBy(asc(spaceInvitations.createdAt), asc(spaceInvitations.id));
    },

    /** One invitation, only when it is addressed to this person (anyone else's looks like none). */
    async findFor(who: Invitee, id: string): Promise<InvitationRow | null> {
      const rows = await db
        .select()
        .from(spaceInvitations)
        .where(and(eq(spaceInvitations.id, id), addressedTo(who)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Retires every invitation of the space addressed to this person (after accepting, declining, joining). */
    async deleteFor(who: Invitee, organizationId: string): Promise<void> {
      await db
        .delete(spaceInvitations)
        .where(and(eq(spaceInvitations.organizationId, organizationId), addressedTo(who)));
    },
  };
}
export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;

import { ADMIN_ROLE } from '@tinkercloud/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  iotActions,
  iotApiClients,
  iotDashboards,
  iotDevices,
  iotFolders,
  iotSketches,
  iotThings,
  iotTriggers,
  memberships,
  oidcPayloads,
  organizations,
  users,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { createAuditLog } from '../audit/audit-log.ts';
import { inTransaction } from '../spaces/transaction.ts';

/** What a space member made there stays with the space: it passes to one of its admins. */
const SPACE_OWNED = [iotFolders, iotDevices, iotThings, iotSketches, iotDashboards, iotTriggers, iotActions];

export interface DeletedAccount {
  /** Spaces the user was the only member of, deleted with the account. */
  deletedSpaces: string[];
}

/** Who deletes the account, for the audit log: the user, an operator, or nobody known (the admin CLI). */
export interface DeletedBy {
  actorId: string | null;
  actorLabel?: string;
  ip?: string;
}

/**
 * Deletes an account for good, in one transaction that locks the user's spaces (as member changes do):
 * - a space where the user is the last admin while others remain refuses it (conflict), as leaving would;
 * - a space the user is alone in is deleted with everything in it;
 * - in the other spaces, what the user made passes to the space's longest-standing admin;
 * - the user's API keys, My Cloud (devices, things, dashboards, ...), memberships, settings, plans and
 *   mailed tokens go with the user row (foreign keys cascade); invitations they sent keep no sender;
 * - the identity provider's sessions, grants and refresh tokens of the account are deleted.
 * Every access token of the user is refused from then on, since its user no longer exists. The audit entry
 * (`account.deleted`) is written in the same transaction: no deletion goes unrecorded.
 */
export async function deleteAccount(
  db: Database,
  userId: string,
  by: DeletedBy = { actorId: null, actorLabel: 'admin CLI' },
): Promise<DeletedAccount> {
  return inTransaction(db, async (tx) => {
    const user = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const gone = user[0];
    if (!gone) throw notFound('User');

    const spaces = await tx
      .select({ id: organizations.id, name: organizations.name, space: organizations.space })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(eq(memberships.userId, userId))
      .orderBy(asc(organizations.id))
      .for('update', { of: organizations });

    const deletedSpaces: string[] = [];
    for (const space of spaces) {
      const admin = ADMIN_ROLE[space.space];
      const others = await tx
        .select({ userId: memberships.userId, roles: memberships.roles })
        .from(memberships)
        .where(and(eq(memberships.organizationId, space.id), ne(memberships.userId, userId)))
        .orderBy(asc(memberships.createdAt), asc(memberships.userId));
      if (others.length === 0) {
        await tx.delete(organizations).where(eq(organizations.id, space.id));
        deletedSpaces.push(space.id);
        continue;
      }
      const heir = others.find((m) => m.roles.includes(admin));
      if (!heir) {
        // Said to whoever deletes: the user themselves, or an operator.
        const who = by.actorId === gone.id ? 'You are' : `${gone.username} is`;
        throw new AppError(
          'conflict',
          `${who} the last admin of the space "${space.name}": make another member admin or delete the space first.`,
        );
      }
      for (const table of SPACE_OWNED) {
        await tx
          .update(table)
          .set({ ownerUserId: heir.userId })
          .where(and(eq(table.organizationId, space.id), eq(table.ownerUserId, userId)));
      }
    }

    // API keys are the user's credentials, never handed on: they go (every space) with the row.
    await tx.delete(iotApiClients).where(eq(iotApiClients.ownerUserId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    await tx.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${userId}`);
    await createAuditLog({ db: tx }).record(
      {
        action: 'account.deleted',
        actorId: by.actorId,
        // The user deleting themselves: their row is gone by now, so the label comes from here.
        actorLabel: by.actorLabel ?? (by.actorId === gone.id ? gone.username : undefined),
        targetType: 'user',
        targetId: gone.id,
        targetLabel: gone.username,
        ip: by.ip ?? '',
        details: { email: gone.email, deleted_spaces: deletedSpaces.length },
      },
      tx,
    );
    return { deletedSpaces };
  });
}

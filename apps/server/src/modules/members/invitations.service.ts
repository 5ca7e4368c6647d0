import type { ReceivedInvitation } from '@tinkercloud/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound, unauthorized } from '../../errors.ts';
import { createAccountRepository } from '../accounts/account.repository.ts';
import { createSpacesRepository } from '../spaces/spaces.repository.ts';
import { seatsFullReason } from '../spaces/spaces.service.ts';
import { inTransaction } from '../spaces/transaction.ts';
import { createInvitationsRepository, type Invitee } from './invitations.repository.ts';

/**
 * The invitee's side of invitations: list, accept, decline. Only the person an invitation is addressed to can
 * see or answer it; anyone else's looks like none (404). Minors never receive invitations (they join by code).
 */
export function createInvitationsService(deps: { db: Database; config: Pick<Config, 'productSlug'> }) {
  const accounts = createAccountRepository(deps.db);

  /** The caller as an invitee, or null for a minor. */
  async function invitee(actorId: string): Promise<Invitee | null> {
    const row = await accounts.findById(actorId);
    if (!row) throw unauthorized();
    return row.isMinor ? null : { id: row.id, email: row.email, emailVerified: row.emailVerified };
  }

  return {
    async list(actorId: string): Promise<ReceivedInvitation[]> {
      const who = await invitee(actorId);
      if (!who) return [];
      const rows = await createInvitationsRepository(deps.db).listFor(who);
      return rows.map((r) => ({
        id: r.id,
        organization_id: r.organizationId,
        organization_name: r.organizationName,
        space: r.space,
        roles: r.roles,
        invited_by: r.inviterName || r.inviterUsername || null,
        invited_at: r.createdAt.toISOString(),
      }));
    },

    /**
     * Makes the invitee a member with the invited role. The seats of spec 6.5 are checked here, with the space
     * row locked like every other member change. As when admins added members directly, a team space without a
     * running plan still takes invited members (a new team space has no plan yet); joining by code does not.
     */
    async accept(actorId: string, invitationId: string) {
      const who = await invitee(actorId);
      if (!who) throw notFound('Invitation');
      return inTransaction(deps.db, async (tx) => {
        const invitations = createInvitationsRepository(tx);
        const spaces = createSpacesRepository(tx);
        const seen = await invitations.findFor(who, invitationId);
        if (!seen) throw notFound('Invitation');
        const org = await spaces.lock(seen.organizationId);
        // Read again under the lock: it may have been withdrawn or answered meanwhile.
        const invitation = org ? await invitations.findFor(who, invitationId) : null;
        if (!org || !invitation) throw notFound('Invitation');
        if (await spaces.rolesOf(org.id, who.id)) {
          await invitations.deleteFor(who, org.id);
          return { organization_id: org.id, already_member: true };
        }
        const reason = seatsFullReason(org, await spaces.memberCount(org.id), deps.config.productSlug);
        if (reason) throw new AppError('conflict', reason);
        await spaces.insertMembership(org.id, who.id, invitation.roles);
        await invitations.deleteFor(who, org.id);
        return { organization_id: org.id };
      });
    },

    /** Declining deletes the invitation (and any other of the same space addressed to the caller). */
    async decline(actorId: string, invitationId: string): Promise<void> {
      const who = await invitee(actorId);
      if (!who) throw notFound('Invitation');
      const invitations = createInvitationsRepository(deps.db);
      const invitation = await invitations.findFor(who, invitationId);
      if (!invitation) throw notFound('Invitation');
      await invitations.deleteFor(who, invitation.organizationId);
    },
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;

import { ADMIN_ROLE } from '@tinkercloud/shared';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { createAccountRepository } from '../accounts/account.repository.ts';
import { createSpacesRepository, type OrganizationRow } from './spaces.repository.ts';
import { inTransaction } from './transaction.ts';

/**
 * What the operator does to a space from the admin console, with no membership of their own: hand it to
 * another member, or delete it. Both lock the space row, as member changes do.
 */
export function createSpaceOperator(deps: { db: Database }) {
  return {
    /** The owner (the longest-standing admin), or null. */
    ownerOf(org: OrganizationRow): Promise<string | null> {
      return createSpacesRepository(deps.db).ownerOf(org.id, ADMIN_ROLE[org.space]);
    },

    /**
     * Makes `userId`, a member, the owner and an admin; the previous owner stays a member and an admin.
     * Answers the space and who owned it before.
     */
    async transferOwner(spaceId: string, userId: string) {
      return inTransaction(deps.db, async (tx) => {
        const repo = createSpacesRepository(tx);
        const org = await repo.lock(spaceId);
        if (!org) throw notFound('Space');
        if (!(await repo.rolesOf(org.id, userId))) {
          throw new AppError(
            'validation_error',
            'body/user_id: the new owner must be a member of the space.',
          );
        }
        const account = await createAccountRepository(tx).findById(userId);
        if (account?.isMinor) {
          throw new AppError(
            'validation_error',
            'body/user_id: a minor cannot own a space (minors stay students).',
          );
        }
        const admin = ADMIN_ROLE[org.space];
        const previous = await repo.ownerOf(org.id, admin);
        if (previous !== userId) await repo.makeOwner(org.id, userId, admin);
        return { org, previous };
      });
    },

    /** Deletes the space as its own delete does: its members, devices, data and settings go with the row. */
    async remove(spaceId: string): Promise<OrganizationRow> {
      return inTransaction(deps.db, async (tx) => {
        const repo = createSpacesRepository(tx);
        const org = await repo.lock(spaceId);
        if (!org) throw notFound('Space');
        await repo.delete(org.id);
        return org;
      });
    },
  };
}
export type SpaceOperator = ReturnType<typeof createSpaceOperator>;

import { rolesAllow, type SpaceAction } from '@tinkercloud/shared';
import { forbidden, notFound } from '../../errors.ts';
import type { OrganizationRow, SpacesRepository } from './spaces.repository.ts';

export interface SpaceMembership {
  org: OrganizationRow;
  roles: string[];
}

export const SPACE_NOT_FOUND = 'Space not found';
export const ROLE_FORBIDS = 'Your role in this space does not allow this.';

/**
 * The one gate to a space: a user who does not belong to it gets 404 (as if it did not exist, so ids reveal
 * nothing), a member whose roles lack the action gets 403. Every service calls this before touching a space.
 */
export function createSpaceAccess(repo: SpacesRepository) {
  async function membership(actorId: string, spaceId: string): Promise<SpaceMembership> {
    const org = await repo.findById(spaceId);
    const roles = org ? await repo.rolesOf(org.id, actorId) : null;
    if (!org || !roles) throw notFound('Space');
    return { org, roles };
  }
  return {
    membership,
    async require(actorId: string, spaceId: string, action: SpaceAction): Promise<SpaceMembership> {
      const m = await membership(actorId, spaceId);
      if (!rolesAllow(m.roles, action)) throw forbidden(ROLE_FORBIDS);
      return m;
    },
  };
}
export type SpaceAccess = ReturnType<typeof createSpaceAccess>;

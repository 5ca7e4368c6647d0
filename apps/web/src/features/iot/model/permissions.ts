import { rolesAllow, type Space, type SpaceAction } from '@tinkercloud/shared';

/** My Cloud is the user's own: everything is allowed there. In a shared space the member's roles decide. */
export function spaceAllows(space: Space, action: SpaceAction): boolean {
  return space.space === 'private' || rolesAllow(space.roles, action);
}

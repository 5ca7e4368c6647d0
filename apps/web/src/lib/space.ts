import type { SpaceType } from '@tinkercloud/shared';

/**
 * The seam for the selected space. Spaces arrive in a later issue; until then every user works in the private
 * My Cloud space, and route rules and links read the space type only through this function.
 */
export function getSelectedSpaceType(): SpaceType {
  return 'private';
}

import { type OrganizationSpaceType, ROLE_OPTIONS } from '@tinkercloud/shared';

/** A role as people read it ("Teacher"), or the role itself when the space type does not offer it. */
export function roleLabel(spaceType: OrganizationSpaceType, role: string): string {
  return ROLE_OPTIONS[spaceType].find((option) => option.value === role)?.label ?? role;
}

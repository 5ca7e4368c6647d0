import { MY_CLOUD_SPACE_ID, MY_CLOUD_SPACE_NAME, type Space } from '@tinkercloud/shared';

/** The private space every user has; synthesised by the SPA, never returned by the API (spec section 3). */
export const MY_CLOUD: Space = {
  id: MY_CLOUD_SPACE_ID,
  name: MY_CLOUD_SPACE_NAME,
  space: 'private',
  plan_id: null,
  plan_name: null,
  plan_seats: null,
  members: 1,
  roles: [],
  country: '',
  type: '',
  logo: null,
  second_logo: null,
};

/** A deployment branded for one organisation, found by its sub-domain. */
export interface BrandedDeployment {
  organizationId: string;
  organizationName: string;
}

/**
 * The spaces offered (spec 4.3): My Cloud first, then the organisations. In a branded deployment only that
 * organisation, or My Cloud when the user is not one of its members.
 */
export function listSpaces(organizations: readonly Space[], branded: BrandedDeployment | null): Space[] {
  const orgs = organizations.filter((org) => org.id !== MY_CLOUD_SPACE_ID);
  if (branded) return [orgs.find((org) => org.id === branded.organizationId) ?? MY_CLOUD];
  return [MY_CLOUD, ...orgs];
}

/**
 * The selected space: the stored id when it is one of the spaces, else My Cloud. With a single space (a
 * branded deployment, or nothing but My Cloud) that space is the selection whatever is stored.
 */
export function resolveSelectedSpace(spaces: readonly Space[], storedId: string | null): Space {
  const first = spaces[0] ?? MY_CLOUD;
  if (spaces.length <= 1) return first;
  return (
    spaces.find((space) => space.id === storedId) ??
    spaces.find((space) => space.id === MY_CLOUD_SPACE_ID) ??
    first
  );
}

/** The header centre (spec 2.4): the second logo, or the organisation name, or the default mark. */
export function headerBrand(
  space: Space,
  hiddenLogos: readonly string[] = [],
): { kind: 'logo'; src: string } | { kind: 'name'; name: string } | { kind: 'mark' } {
  if (space.space === 'private') return { kind: 'mark' };
  if (space.second_logo && !hiddenLogos.includes(space.id)) return { kind: 'logo', src: space.second_logo };
  if (space.name) return { kind: 'name', name: space.name };
  return { kind: 'mark' };
}

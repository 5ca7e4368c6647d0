import type { Plan, Space } from '@tinkercloud/shared';
import { activePlanOf } from '../plans/plan-rules.ts';
import type { OrganizationRow } from './spaces.repository.ts';

/** Public address of a stored image (served by the media module). A new upload gets a new id. */
export const mediaUrl = (id: string | null) => (id ? `/storage/media/v1/${id}` : null);

/** A space as the API shows it to one member (spec 3 "Space"): an expired plan reads as no plan. */
export function toSpace(
  org: OrganizationRow,
  roles: readonly string[],
  members: number,
  catalogue: readonly Plan[],
  now = new Date(),
): Space {
  const planId = activePlanOf(org, now);
  return {
    id: org.id,
    name: org.name,
    space: org.space,
    plan_id: planId,
    plan_name: planId ? (catalogue.find((p) => p.id === planId)?.name ?? planId) : null,
    plan_seats: planId ? org.planSeats : null,
    members,
    roles: [...roles],
    country: org.country,
    type: org.type,
    logo: mediaUrl(org.logoMediaId),
    second_logo: mediaUrl(org.secondLogoMediaId),
  };
}

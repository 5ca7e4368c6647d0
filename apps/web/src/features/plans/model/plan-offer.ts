import { MY_CLOUD_SPACE_ID, type Space } from '@tinkercloud/shared';
import type { CataloguePlan } from '../api/plan-requests.ts';

/** Who a request on the Plans page is for: the user's My Cloud, or a school/team space they administer. */
export type PlanTarget =
  | { kind: 'user'; spaceId: typeof MY_CLOUD_SPACE_ID; scope: 'user' }
  | { kind: 'space'; spaceId: string; scope: 'edu' | 'pro'; name: string };

const ADMIN_ROLE = { edu: 'role:edu-admin', pro: 'role:pro-admin' } as const;

/** The selected space when the user administers it (its plan is theirs to ask for), else their My Cloud. */
export function planTargetFor(selected: Space): PlanTarget {
  if (selected.space !== 'private' && selected.roles.includes(ADMIN_ROLE[selected.space])) {
    return { kind: 'space', spaceId: selected.id, scope: selected.space, name: selected.name };
  }
  return { kind: 'user', spaceId: MY_CLOUD_SPACE_ID, scope: 'user' };
}

/** The server's order of plans (`bestPlan`): the more things a plan allows, the higher; no limit is highest. */
export const planRank = (plan: Pick<CataloguePlan, 'limits'>) =>
  plan.limits.cloud_things ?? Number.POSITIVE_INFINITY;

export type PlanOffer = 'held' | 'ask' | 'below';

/**
 * Per plan of the target's scope: held (the recap lists it), offered (ranked above the best plan held), or
 * below it (nothing to ask: the plan held already gives as much). So nobody is offered a plan they hold, and
 * whoever holds the top plan is offered none.
 */
export function planOffers(plans: readonly CataloguePlan[], held: readonly string[]): Map<string, PlanOffer> {
  const heldPlans = plans.filter((p) => held.includes(p.id));
  const best = heldPlans.reduce((top, p) => Math.max(top, planRank(p)), Number.NEGATIVE_INFINITY);
  return new Map(
    plans.map((p) => [p.id, held.includes(p.id) ? 'held' : planRank(p) > best ? 'ask' : 'below']),
  );
}

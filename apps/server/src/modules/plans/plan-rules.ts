import {
  FREE_LIMITS,
  MAKER_PLUS_PLAN_ID,
  PLAN_LIMITS,
  type Plan,
  type PlanLimits,
  planCatalogue,
  seatLimit,
} from '@tinkercloud/shared';

/** The deployment's catalogue (spec 9): the product plan is named after the product. */
export function catalogueFor(config: { productSlug: string; productName: string }): Plan[] {
  return planCatalogue(config.productSlug, config.productName);
}

/**
 * Limits of one plan. The product's own plan has no row in PLAN_LIMITS (its id is the deployment's slug);
 * it is the provider's top plan, so it gets the Maker Plus limits.
 */
export function limitsOf(planId: string | null, productSlug: string): PlanLimits {
  if (!planId) return FREE_LIMITS;
  return (
    PLAN_LIMITS[planId] ??
    (planId === productSlug ? (PLAN_LIMITS[MAKER_PLUS_PLAN_ID] ?? FREE_LIMITS) : FREE_LIMITS)
  );
}

const rank = (limits: PlanLimits) => limits.cloud_things ?? Number.POSITIVE_INFINITY;

/** The plan whose limits apply when a user holds several: the one allowing the most things. */
export function bestPlan(planIds: readonly string[], productSlug: string): string | null {
  let best: string | null = null;
  for (const id of planIds) {
    if (best === null || rank(limitsOf(id, productSlug)) > rank(limitsOf(best, productSlug))) best = id;
  }
  return best;
}

function isActive(expiresAt: Date | null, now = new Date()): boolean {
  return expiresAt === null || expiresAt.getTime() > now.getTime();
}

/** A space's plan counts only until it expires; an expired plan reads as no plan. */
export function activePlanOf(
  org: { planId: string | null; planExpiresAt: Date | null },
  now = new Date(),
): string | null {
  return org.planId && isActive(org.planExpiresAt, now) ? org.planId : null;
}

/** Seats of a space (spec 6.5), null = unlimited; plan_seats count only with an active plan. */
export function seatsOf(
  org: { space: 'edu' | 'pro'; planId: string | null; planSeats: number | null; planExpiresAt: Date | null },
  productSlug: string,
  now = new Date(),
): number | null {
  const plan = activePlanOf(org, now);
  return seatLimit(
    { space: org.space, plan_seats: plan ? org.planSeats : null },
    limitsOf(plan, productSlug).cloud_things,
  );
}

/** The scope a plan is sold for must match its target: user plans for My Cloud, Team for pro, School for edu. */
export function planFits(plan: Plan, target: 'user' | 'edu' | 'pro'): boolean {
  return plan.scope === target;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a granted plan ends: `days` from now, or from the current end when the same plan is still running
 * (a renewal extends it); null (no end) without days.
 */
export function nextExpiry(
  current: { planId: string | null; expiresAt: Date | null } | null,
  planId: string,
  days: number | null | undefined,
  now = new Date(),
): Date | null {
  if (!days) return null;
  const running =
    current && current.planId === planId && current.expiresAt && isActive(current.expiresAt, now)
      ? current.expiresAt
      : now;
  return new Date(running.getTime() + days * DAY_MS);
}

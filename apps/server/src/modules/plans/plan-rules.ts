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
 * Built-in limits of one plan, as the server ships them (the operator's own numbers, which checks apply, are
 * `plan-book.ts`'s). The product's own plan has no row in PLAN_LIMITS (its id is the deployment's slug); it
 * is the provider's top plan, so it gets the Maker Plus limits.
 */
export function limitsOf(planId: string | null, productSlug: string): PlanLimits {
  if (!planId) return FREE_LIMITS;
  return (
    PLAN_LIMITS[planId] ??
    (planId === productSlug ? (PLAN_LIMITS[MAKER_PLUS_PLAN_ID] ?? FREE_LIMITS) : FREE_LIMITS)
  );
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

/**
 * Seats of a space (spec 6.5), null = unlimited; plan_seats count only with an active plan. Without seats of
 * its own, a team space gets the spec's 50 by the plan's built-in things limit: an operator changing the
 * Team plan's `cloud_things` does not silently change every team's seats (seats are granted per space).
 */
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

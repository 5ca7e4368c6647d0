import {
  hasPaidPlanBeyondEntry,
  isAtQuota,
  isExpiredProSpace,
  planLimitReachedText,
  quotaState,
  TRIGGERS_NEED_PLAN,
} from '@tinkercloud/shared';

/**
 * Whether the space's plan lets one more trigger be created, with the server's own words when it does not
 * (the same rule as its 412: a paid plan other than Entry, then at most `cloud_triggers` triggers).
 * `undefined` while the plan is not known: the page neither offers nor refuses creation until it is.
 */
export function triggerPlanBlock(
  plan: { plans: readonly string[]; limit: number | null; space: string } | undefined,
  triggerCount: number | undefined,
): string | null | undefined {
  if (!plan) return undefined;
  if (!hasPaidPlanBeyondEntry(plan.plans)) return TRIGGERS_NEED_PLAN;
  if (triggerCount === undefined) return undefined;
  const expired = isExpiredProSpace({ space: plan.space, plan_id: plan.plans[0] });
  if (isAtQuota(quotaState(plan.limit, triggerCount, { expiredProSpace: expired }))) {
    return expired
      ? 'This space has no active plan: no more triggers can be created.'
      : planLimitReachedText(plan.limit, triggerCount, 'triggers');
  }
  return null;
}

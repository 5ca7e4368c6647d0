import {
  apiQuota,
  type OperatorPlanLimits,
  operatorPlanLimitsSchema,
  type PlanLimits,
  retentionClassOf,
} from '@tinkercloud/shared';
import { DEFAULT_RETENTION_DAYS, type RetentionDays } from '../telemetry/retention.ts';
import { limitsOf } from './plan-rules.ts';

/** The row of `plan_settings` holding the free tier's numbers (an account or space without a running plan). */
export const FREE_PLAN_ID = 'free';

/**
 * The numbers the server ships with, in the operator's terms (null: no limit), so that enforcing them changes
 * nothing against the constants of `PLAN_LIMITS`: API keys are the spec's quota (1000 with `cloud_api` set,
 * none without); devices had no limit; values are kept as long as the plan's retention class says.
 */
export function builtinLimits(
  planId: string | null,
  productSlug: string,
  retentionDays: RetentionDays = DEFAULT_RETENTION_DAYS,
): OperatorPlanLimits {
  const base = limitsOf(planId, productSlug);
  return {
    cloud_things: base.cloud_things,
    devices: null,
    cloud_api: apiQuota(base.cloud_api),
    cloud_triggers: base.cloud_triggers,
    ota: base.ota,
    retention_days: retentionDays[retentionClassOf(planId)],
    create_sketches_disk: base.create_sketches_disk,
    create_compilation_day: base.create_compilation_day,
  };
}

/** `plan_settings.limits` holds numbers only (its column type): `ota` goes in as 1 or 0. */
export function storedLimits(limits: OperatorPlanLimits): Record<string, number | null> {
  return { ...limits, ota: limits.ota ? 1 : 0 };
}

/**
 * A stored row read back over the built-in numbers: a key it lacks, or one edited by hand into something
 * invalid, keeps its built-in value rather than failing every check of that plan.
 */
export function readStoredLimits(
  stored: Record<string, unknown>,
  builtin: OperatorPlanLimits,
): OperatorPlanLimits {
  const merged: Record<string, unknown> = { ...builtin };
  for (const key of Object.keys(builtin) as (keyof OperatorPlanLimits)[]) {
    if (!(key in stored)) continue;
    const value = key === 'ota' ? stored[key] === 1 || stored[key] === true : stored[key];
    const field = operatorPlanLimitsSchema.shape[key].safeParse(value);
    if (field.success) merged[key] = field.data;
  }
  return merged as OperatorPlanLimits;
}

/**
 * The spec's recap limits (section 3) from the operator's. Its `cloud_api` can only say "none" (null, a quota
 * of 0) or "set": none stays null, a number stays, and no limit reads as the contract's largest number.
 * `foundries` and `edge_impulse` are features the operator does not set: they stay the plan's own.
 */
export function recapLimits(
  limits: OperatorPlanLimits,
  planId: string | null,
  productSlug: string,
): PlanLimits {
  const base = limitsOf(planId, productSlug);
  return {
    cloud_things: limits.cloud_things,
    create_sketches_disk: limits.create_sketches_disk,
    create_compilation_day: limits.create_compilation_day,
    cloud_api: limits.cloud_api === 0 ? null : (limits.cloud_api ?? UNLIMITED_API_SHOWN),
    cloud_triggers: limits.cloud_triggers,
    ota: limits.ota,
    foundries: base.foundries,
    edge_impulse: base.edge_impulse,
  };
}

/** What the recap says for API keys without a limit (the most `operatorPlanLimitsSchema` takes). */
export const UNLIMITED_API_SHOWN = 1_000_000;

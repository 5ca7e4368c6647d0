import {
  apiQuota,
  hasPaidPlanBeyondEntry,
  isAtQuota,
  isExpiredProSpace,
  type PlanLimits,
  planLimitReachedText,
  quotaState,
  TRIGGERS_NEED_PLAN,
} from '@tinkercloud/shared';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { lockForTransaction } from '../../../db/locks.ts';
import { AppError } from '../../../errors.ts';
import { activePlanOf, bestPlan, limitsOf } from '../../plans/plan-rules.ts';
import { activeUserPlans } from '../../plans/user-plans.ts';
import type { IotSpace } from './space.ts';

type QuotaKind = 'things' | 'api_clients' | 'triggers';

const WHAT: Record<QuotaKind, string> = { things: 'things', api_clients: 'API keys', triggers: 'triggers' };

/**
 * Plan limits of issue 4 item 4, the same rules the Plan Usage page shows (spec section 9): things up to
 * `cloud_things`, API keys up to the API quota (1000 when `cloud_api` is set, else 0), triggers up to
 * `cloud_triggers` and only with a paid plan other than Entry; a pro space without a plan is at quota. Past
 * the limit, creation answers 412.
 */
export function createIotQuotas(deps: { config: Pick<Config, 'productSlug'> }) {
  async function limitsFor(
    db: Database,
    space: IotSpace,
  ): Promise<{ limits: PlanLimits; expired: boolean; plans: string[] }> {
    if (space.org) {
      const plan = activePlanOf(space.org);
      return {
        limits: limitsOf(plan, deps.config.productSlug),
        expired: isExpiredProSpace({ space: space.org.space, plan_id: plan }),
        plans: plan ? [plan] : [],
      };
    }
    const plans = await activeUserPlans(db, space.ownerUserId);
    return {
      limits: limitsOf(bestPlan(plans, deps.config.productSlug), deps.config.productSlug),
      expired: false,
      plans,
    };
  }

  return {
    limitsFor,
    /**
     * Throws 412 when one more `kind` would pass the limit. Call inside the creating transaction: it takes a
     * per-space lock so two concurrent creations cannot both slip under the limit.
     */
    async require(tx: Database, space: IotSpace, kind: QuotaKind, used: () => Promise<number>) {
      const key = `iot-quota:${space.organizationId ?? `user:${space.ownerUserId}`}`;
      await lockForTransaction(tx, key);
      const { limits, expired, plans } = await limitsFor(tx, space);
      if (kind === 'triggers' && !hasPaidPlanBeyondEntry(plans)) {
        throw new AppError('precondition_failed', TRIGGERS_NEED_PLAN);
      }
      const limit =
        kind === 'things'
          ? limits.cloud_things
          : kind === 'triggers'
            ? limits.cloud_triggers
            : apiQuota(limits.cloud_api);
      const count = await used();
      if (isAtQuota(quotaState(limit, count, { expiredProSpace: expired }))) {
        const detail = expired
          ? `This space has no active plan: no more ${WHAT[kind]} can be created.`
          : planLimitReachedText(limit, count, WHAT[kind]);
        throw new AppError('precondition_failed', detail);
      }
    },
  };
}
export type IotQuotas = ReturnType<typeof createIotQuotas>;

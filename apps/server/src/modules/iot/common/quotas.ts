import {
  hasPaidPlanBeyondEntry,
  isAtQuota,
  isExpiredProSpace,
  type OperatorPlanLimits,
  planLimitReachedText,
  quotaState,
  TRIGGERS_NEED_PLAN,
  UNLIMITED_DISK_ABOVE,
} from '@tinkercloud/shared';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { lockForTransaction } from '../../../db/locks.ts';
import { AppError } from '../../../errors.ts';
import { createPlanBook } from '../../plans/plan-book.ts';
import { activePlanOf } from '../../plans/plan-rules.ts';
import { activeUserPlans } from '../../plans/user-plans.ts';
import type { IotSpace } from './space.ts';

/** `99.9 MB`: bytes in the unit the plans use (MiB, shown as MB), one decimal at most. */
const megabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;

type QuotaKind = 'things' | 'api_clients' | 'triggers' | 'devices';

const WHAT: Record<QuotaKind, string> = {
  things: 'things',
  api_clients: 'API keys',
  triggers: 'triggers',
  devices: 'devices',
};

const LIMIT_OF: Record<QuotaKind, (limits: OperatorPlanLimits) => number | null> = {
  things: (l) => l.cloud_things,
  api_clients: (l) => l.cloud_api,
  triggers: (l) => l.cloud_triggers,
  devices: (l) => l.devices,
};

/**
 * Plan limits of issue 4 item 4, the same rules the Plan Usage page shows (spec section 9), with the numbers
 * the operator sets per plan (issue 27, `plans/plan-book.ts`, read on every check): things up to
 * `cloud_things`, devices up to `devices`, API keys up to `cloud_api` (built in: the spec's 1000 with a plan
 * that has the API, none without), triggers up to `cloud_triggers`; a pro space without a plan is at quota.
 * Past the limit, creation answers 412.
 */
export function createIotQuotas(deps: { config: Pick<Config, 'productSlug' | 'productName'> }) {
  const book = createPlanBook(deps.config);

  async function limitsFor(
    db: Database,
    space: IotSpace,
  ): Promise<{ limits: OperatorPlanLimits; expired: boolean; plans: string[] }> {
    if (space.org) {
      const plan = activePlanOf(space.org);
      return {
        limits: await book.limitsOf(db, plan),
        expired: isExpiredProSpace({ space: space.org.space, plan_id: plan }),
        plans: plan ? [plan] : [],
      };
    }
    const plans = await activeUserPlans(db, space.ownerUserId);
    return { limits: (await book.best(db, plans)).limits, expired: false, plans };
  }

  /** The per-space lock every quota check takes, so checks and writes of one space run one at a time. */
  const lockSpace = (tx: Database, space: IotSpace) =>
    lockForTransaction(tx, `iot-quota:${space.organizationId ?? `user:${space.ownerUserId}`}`);

  return {
    limitsFor,
    /**
     * Throws 412 when a sketch write adding `addedBytes` would pass the space's `create_sketches_disk` (every
     * sketch counts, the trash included). A write that frees bytes always passes, so a full space can still
     * shrink. Call inside the writing transaction, before writing: it takes the per-space lock.
     */
    async requireSketchDisk(tx: Database, space: IotSpace, addedBytes: number, used: () => Promise<number>) {
      await lockSpace(tx, space);
      if (addedBytes <= 0) return;
      const limit = (await limitsFor(tx, space)).limits.create_sketches_disk;
      if (limit === null || limit > UNLIMITED_DISK_ABOVE) return;
      const now = await used();
      if (now + addedBytes > limit) {
        throw new AppError(
          'precondition_failed',
          `Sketch storage is full: ${megabytes(now)} of ${megabytes(limit)} used. Delete sketches or empty the trash to make room.`,
        );
      }
    },
    /**
     * Throws 412 when one more `kind` would pass the limit. Call inside the creating transaction: it takes a
     * per-space lock so two concurrent creations cannot both slip under the limit.
     */
    async require(tx: Database, space: IotSpace, kind: QuotaKind, used: () => Promise<number>) {
      await lockSpace(tx, space);
      const { limits, expired, plans } = await limitsFor(tx, space);
      const limit = LIMIT_OF[kind](limits);
      // The spec's rule (triggers need a paid plan other than Entry) is what the built-in numbers say: no
      // triggers on the free tier or Entry. Where the operator gives such a tier triggers, they are allowed.
      if (kind === 'triggers' && limit === 0 && !hasPaidPlanBeyondEntry(plans)) {
        throw new AppError('precondition_failed', TRIGGERS_NEED_PLAN);
      }
      const count = await used();
      // Devices (a limit of ours, not the spec's) follow the free tier's number in a team whose plan ran
      // out, as they had no limit there before; what the spec limits is at quota there.
      const expiredRule = expired && kind !== 'devices';
      if (isAtQuota(quotaState(limit, count, { expiredProSpace: expiredRule }))) {
        const detail = expiredRule
          ? `This space has no active plan: no more ${WHAT[kind]} can be created.`
          : planLimitReachedText(limit, count, WHAT[kind]);
        throw new AppError('precondition_failed', detail);
      }
    },
  };
}
export type IotQuotas = ReturnType<typeof createIotQuotas>;

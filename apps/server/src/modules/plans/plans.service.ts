import type { Plan, PlanLimits, Recap } from '@tinkercloud/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { createSpaceAccess } from '../spaces/space-access.ts';
import { createSpacesRepository, type OrganizationRow } from '../spaces/spaces.repository.ts';
import { inTransaction } from '../spaces/transaction.ts';
import { createPlanBook } from './plan-book.ts';
import { recapLimits } from './plan-limits.ts';
import { activePlanOf, nextExpiry } from './plan-rules.ts';
import { createPlansRepository } from './plans.repository.ts';
import type { UsageSource } from './usage.ts';

const PLAN_ACTIVATED = 'Plan activated successfully.';

interface PlansServiceDeps {
  db: Database;
  config: Pick<Config, 'productSlug' | 'productName'>;
  usage: UsageSource;
}

/**
 * Sets a space's plan: seats given win, else the current seats stay when the plan does not change. It ends
 * `days` on (a renewal of the running plan extends it), or exactly at `endsAt` when given (null: never).
 */
export async function applySpacePlan(
  db: Database,
  org: OrganizationRow,
  planId: string,
  seats: number | null | undefined,
  days: number | null | undefined,
  endsAt?: Date | null,
): Promise<OrganizationRow> {
  const current = { planId: activePlanOf(org), expiresAt: org.planExpiresAt };
  const updated = await createSpacesRepository(db).update(org.id, {
    planId,
    planSeats: seats ?? (org.planId === planId ? org.planSeats : null),
    planExpiresAt: endsAt !== undefined ? endsAt : nextExpiry(current, planId, days),
  });
  if (!updated) throw notFound('Space');
  return updated;
}

/** Grants (or renews) a My Cloud plan; `endsAt` as for a space's. */
export async function applyUserPlan(
  db: Database,
  userId: string,
  planId: string,
  days: number | null | undefined,
  endsAt?: Date | null,
) {
  const plans = createPlansRepository(db);
  const current = await plans.userPlan(userId, planId);
  const expiresAt =
    endsAt !== undefined
      ? endsAt
      : nextExpiry(current && { planId, expiresAt: current.expiresAt }, planId, days);
  await plans.upsertUserPlan(userId, planId, expiresAt);
  return expiresAt;
}

/** Plan catalogue, the recap of spec 3 and renewal activation (payment itself is out of scope). */
export function createPlansService(deps: PlansServiceDeps) {
  const spaces = createSpacesRepository(deps.db);
  const access = createSpaceAccess(deps.db, spaces);
  const plans = createPlansRepository(deps.db);
  const book = createPlanBook(deps.config);
  const catalogue = book.catalogue;
  // The operator's numbers as the spec's recap says them, read anew for every answer.
  const limits = async (planId: string | null): Promise<PlanLimits> =>
    recapLimits(await book.limitsOf(deps.db, planId), planId, deps.config.productSlug);
  const byCatalogue = (ids: string[]) =>
    [...ids].sort((a, b) => catalogue.findIndex((p) => p.id === a) - catalogue.findIndex((p) => p.id === b));

  return {
    async catalogue(): Promise<{ plans: (Plan & { limits: PlanLimits })[] }> {
      const { plans: entries } = await book.all(deps.db);
      return {
        plans: catalogue.map((p, i) => {
          const own = entries[i]?.limits ?? book.builtin(p.id);
          return { ...p, limits: recapLimits(own, p.id, deps.config.productSlug) };
        }),
      };
    },

    /**
     * My Cloud (no organisation): the user's running plans, limits of the best. A space: its plan, if still
     * running; an expired pro space answers plans [] with the free limits and the web app shows it expired.
     */
    async recap(actorId: string, organizationId: string | undefined): Promise<Recap> {
      if (!organizationId) {
        const ids = byCatalogue(await plans.activeUserPlans(actorId));
        const best = await book.best(deps.db, ids);
        return {
          plans: ids,
          usage: await deps.usage.forUser(actorId),
          limits: recapLimits(best.limits, best.planId, deps.config.productSlug),
        };
      }
      const { org } = await access.require(actorId, organizationId, 'plan.read');
      const planId = activePlanOf(org);
      return {
        plans: planId ? [planId] : [],
        usage: await deps.usage.forOrganization(org.id),
        limits: await limits(planId),
      };
    },

    /** Activates a renewal the operator made for the caller, or for a space whose settings they manage. */
    async activateRenewal(actorId: string, renewalId: string) {
      const renewal = await plans.findRenewal(renewalId);
      // Someone else's renewal does not exist as far as the caller can tell.
      if (!renewal || (renewal.userId !== null && renewal.userId !== actorId)) throw notFound('Renewal');
      if (renewal.organizationId) await access.require(actorId, renewal.organizationId, 'space.update');
      if (renewal.usedAt) throw new AppError('conflict', 'This renewal has already been used.');
      await inTransaction(deps.db, async (tx) => {
        if (!(await createPlansRepository(tx).consumeRenewal(renewal.id, actorId))) {
          throw new AppError('conflict', 'This renewal has already been used.');
        }
        if (renewal.organizationId) {
          const org = await createSpacesRepository(tx).lock(renewal.organizationId);
          if (!org) throw notFound('Space');
          await applySpacePlan(tx, org, renewal.planId, renewal.seats, renewal.days);
        } else {
          await applyUserPlan(tx, actorId, renewal.planId, renewal.days);
        }
      });
      return { plan_id: renewal.planId, message: PLAN_ACTIVATED };
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;

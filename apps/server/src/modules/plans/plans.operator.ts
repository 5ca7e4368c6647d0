import { randomBytes } from 'node:crypto';
import type { Plan } from '@tinkercloud/shared';
import { isUuid } from '@tinkercloud/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { createAccountRepository } from '../accounts/account.repository.ts';
import { createSpacesRepository, type OrganizationRow } from '../spaces/spaces.repository.ts';
import { inTransaction } from '../spaces/transaction.ts';
import { catalogueFor, planFits } from './plan-rules.ts';
import { createPlansRepository } from './plans.repository.ts';
import { applySpacePlan, applyUserPlan } from './plans.service.ts';

/** A user by login (e-mail or username, the CLI) or by id (the admin console), or a space by id. */
export type PlanTarget = { user: string } | { userId: string } | { space: string };

interface GrantInput {
  target: PlanTarget;
  planId: string;
  seats?: number | undefined;
  days?: number | undefined;
  /** An exact end instead of `days`, null for none (the admin console's end date; renewals take none). */
  endsAt?: Date | null | undefined;
}

/**
 * What the operator does by hand while payment is out of scope: grant a plan, or hand out a renewal link
 * the user activates from Home. No acting user: the operator owns the deployment.
 */
export function createPlanOperator(deps: {
  db: Database;
  config: Pick<Config, 'productSlug' | 'productName' | 'publicUrl'>;
}) {
  const catalogue = catalogueFor(deps.config);
  const accounts = createAccountRepository(deps.db);
  const spaces = createSpacesRepository(deps.db);

  function plan(id: string): Plan {
    const found = catalogue.find((p) => p.id === id);
    if (!found) {
      throw new AppError(
        'validation_error',
        `Unknown plan "${id}". Plans: ${catalogue.map((p) => p.id).join(', ')}.`,
      );
    }
    return found;
  }

  async function findUser(target: { user: string } | { userId: string }) {
    if ('userId' in target) {
      const user = await accounts.findById(target.userId);
      if (!user) throw notFound('User');
      return user;
    }
    const user = await accounts.findByLogin(target.user);
    if (!user) throw new AppError('not_found', `No account found for "${target.user}".`);
    return user;
  }

  async function resolve(input: GrantInput) {
    const chosen = plan(input.planId);
    if (!('space' in input.target)) {
      const user = await findUser(input.target);
      if (!planFits(chosen, 'user')) {
        throw new AppError('validation_error', `${chosen.name} (${chosen.id}) is not a My Cloud plan.`);
      }
      if (input.seats !== undefined) throw new AppError('validation_error', 'Seats apply to spaces only.');
      return { user, org: null, plan: chosen };
    }
    const org = isUuid(input.target.space) ? await spaces.findById(input.target.space) : null;
    if (!org) throw notFound('Space');
    if (!planFits(chosen, org.space)) {
      const fitting = catalogue.filter((p) => planFits(p, org.space)).map((p) => p.id);
      throw new AppError(
        'validation_error',
        `${chosen.name} (${chosen.id}) does not fit a ${org.space} space; use ${fitting.join(', ')}.`,
      );
    }
    return { user: null, org, plan: chosen };
  }

  return {
    catalogue,

    async grant(input: GrantInput) {
      const { user, org, plan: chosen } = await resolve(input);
      if (user) {
        const expiresAt = await applyUserPlan(deps.db, user.id, chosen.id, input.days, input.endsAt);
        return { plan: chosen, target: `user ${user.username} (${user.email})`, expiresAt };
      }
      const updated = await inTransaction(deps.db, async (tx) => {
        const locked = await createSpacesRepository(tx).lock((org as OrganizationRow).id);
        if (!locked) throw notFound('Space');
        return applySpacePlan(tx, locked, chosen.id, input.seats, input.days, input.endsAt);
      });
      return {
        plan: chosen,
        target: `space "${updated.name}" (${updated.id})`,
        expiresAt: updated.planExpiresAt,
        seats: updated.planSeats,
      };
    },

    async createRenewal(input: GrantInput) {
      const { user, org, plan: chosen } = await resolve(input);
      const id = randomBytes(16).toString('base64url');
      await createPlansRepository(deps.db).insertRenewal({
        id,
        userId: user?.id ?? null,
        organizationId: org?.id ?? null,
        planId: chosen.id,
        seats: input.seats ?? null,
        days: input.days ?? null,
      });
      return { id, url: `${deps.config.publicUrl}/?renewal_id=${id}`, plan: chosen };
    },

    /**
     * Ends a user's running plan now (its row stays, expired, as a plan that ran out does). AppError
     * 'not_found' when the user does not hold it. Returns the plan.
     */
    async end(input: { userId: string; planId: string }): Promise<Plan> {
      const ended = plan(input.planId);
      const user = await findUser({ userId: input.userId });
      const plans = createPlansRepository(deps.db);
      if (!(await plans.activeUserPlans(user.id)).includes(ended.id)) {
        throw new AppError('not_found', `${user.username} has no running ${ended.name} plan.`);
      }
      await plans.upsertUserPlan(user.id, ended.id, new Date());
      return ended;
    },
  };
}

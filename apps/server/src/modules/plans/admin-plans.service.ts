import type { AdminPlan, AdminPlans, OperatorPlanLimits, PlanDefaults } from '@tinkercloud/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { inTransaction } from '../spaces/transaction.ts';
import { createPlanBook, type PlanEntry } from './plan-book.ts';
import { createPlanDefaults } from './plan-defaults.ts';
import { FREE_PLAN_ID, storedLimits } from './plan-limits.ts';
import { createPlanSettingsRepository } from './plan-settings.repository.ts';

/** Who acts in the console: the operator's id and address, as the audit log keeps them. */
export interface OperatorActor {
  userId: string;
  ip: string;
}

/** The free tier as a plan of the console: its numbers apply to accounts and spaces without a running plan. */
const FREE_PLAN = { id: FREE_PLAN_ID, name: 'Free', scope: 'user' } as const;

const toAdminPlan = (entry: PlanEntry): AdminPlan => ({
  ...(entry.plan ?? FREE_PLAN),
  limits: entry.limits,
  builtin: entry.builtin,
  customized: entry.customized,
});

/** The console's plan settings: each plan's numbers (and the free tier's), and the default plans. */
export function createAdminPlansService(deps: {
  db: Database;
  config: Pick<Config, 'productSlug' | 'productName' | 'plans' | 'telemetry'>;
  audit: AuditLog;
}) {
  const book = createPlanBook({ ...deps.config, retentionDays: deps.config.telemetry.retentionDays });
  const defaults = createPlanDefaults(deps.config);
  const ids = () => [FREE_PLAN_ID, ...book.catalogue.map((p) => p.id)];

  /** `free` or a plan of the catalogue; anything else answers 400. */
  function known(planId: string): string | null {
    if (planId === FREE_PLAN_ID) return null;
    if (!book.catalogue.some((p) => p.id === planId)) {
      throw new AppError('validation_error', `Unknown plan "${planId}". Plans: ${ids().join(', ')}.`);
    }
    return planId;
  }

  async function entryOf(db: Database, planId: string | null): Promise<PlanEntry> {
    const { free, plans } = await book.all(db);
    return planId === null ? free : (plans.find((e) => e.plan?.id === planId) as PlanEntry);
  }

  return {
    async list(): Promise<AdminPlans> {
      const { free, plans } = await book.all(deps.db);
      return { free: free.limits, plans: plans.map(toAdminPlan), defaults: await defaults.current(deps.db) };
    },

    /** Sets a plan's numbers; every check on every server process applies them from its next read. */
    async setLimits(by: OperatorActor, planId: string, limits: OperatorPlanLimits): Promise<AdminPlan> {
      const id = known(planId);
      return inTransaction(deps.db, async (tx) => {
        const before = await entryOf(tx, id);
        await createPlanSettingsRepository(tx).upsertLimits(planId, storedLimits(limits), by.userId);
        await deps.audit.record(
          {
            action: 'plan.limits_changed',
            actorId: by.userId,
            ip: by.ip,
            targetType: 'plan',
            targetId: planId,
            targetLabel: before.plan?.name ?? FREE_PLAN.name,
            details: { before: before.limits, after: limits },
          },
          tx,
        );
        return toAdminPlan(await entryOf(tx, id));
      });
    },

    /** Puts a plan's built-in numbers back. */
    async reset(by: OperatorActor, planId: string): Promise<AdminPlan> {
      const id = known(planId);
      return inTransaction(deps.db, async (tx) => {
        const before = await entryOf(tx, id);
        if (await createPlanSettingsRepository(tx).deleteLimits(planId)) {
          await deps.audit.record(
            {
              action: 'plan.limits_changed',
              actorId: by.userId,
              ip: by.ip,
              targetType: 'plan',
              targetId: planId,
              targetLabel: before.plan?.name ?? FREE_PLAN.name,
              details: { before: before.limits, after: before.builtin, reset: true },
            },
            tx,
          );
        }
        return toAdminPlan(await entryOf(tx, id));
      });
    },

    async setDefaults(by: OperatorActor, value: PlanDefaults): Promise<PlanDefaults> {
      return inTransaction(deps.db, async (tx) => {
        const before = await defaults.current(tx);
        const after = await defaults.set(tx, value);
        await deps.audit.record(
          {
            action: 'plan.defaults_changed',
            actorId: by.userId,
            ip: by.ip,
            targetType: 'instance',
            targetId: 'plan_defaults',
            targetLabel: 'Default plans',
            details: { before, after },
          },
          tx,
        );
        return after;
      });
    },
  };
}
export type AdminPlansService = ReturnType<typeof createAdminPlansService>;

import {
  type OperatorPlanLimits,
  type Plan,
  RETENTION_CLASSES,
  type RetentionClass,
  retentionClassOf,
} from '@tinkercloud/shared';
import type { Database } from '../../db/client.ts';
import { DEFAULT_RETENTION_DAYS, type RetentionDays } from '../telemetry/retention.ts';
import { builtinLimits, FREE_PLAN_ID, readStoredLimits } from './plan-limits.ts';
import { catalogueFor } from './plan-rules.ts';
import { createPlanSettingsRepository } from './plan-settings.repository.ts';

export interface PlanBookConfig {
  productSlug: string;
  productName: string;
  /** Days per retention class from the environment: the built-in `retention_days` of each plan. */
  retentionDays?: RetentionDays;
}

/** One plan's numbers as they apply now: the operator's where set, the built-in ones otherwise. */
export interface PlanEntry {
  plan: Plan | null;
  limits: OperatorPlanLimits;
  builtin: OperatorPlanLimits;
  customized: boolean;
}

const rank = (limits: OperatorPlanLimits) => limits.cloud_things ?? Number.POSITIVE_INFINITY;

/**
 * The limits every check applies (issue 27): read from `plan_settings` on each call, in the caller's
 * transaction when it passes one. The table holds a row per customised plan (a handful), so the read is one
 * small indexed query, and a change made through any server process holds for the very next check in every
 * other: nothing is cached across requests.
 */
export function createPlanBook(config: PlanBookConfig) {
  const catalogue = catalogueFor(config);
  const builtin = (planId: string | null) => builtinLimits(planId, config.productSlug, config.retentionDays);
  const rowId = (planId: string | null) => planId ?? FREE_PLAN_ID;

  async function entries(db: Database, planIds: readonly (string | null)[]): Promise<PlanEntry[]> {
    const stored = new Map(
      (await createPlanSettingsRepository(db).limits(planIds.map(rowId))).map((r) => [r.planId, r.limits]),
    );
    return planIds.map((planId) => {
      const own = builtin(planId);
      const row = stored.get(rowId(planId));
      return {
        plan: catalogue.find((p) => p.id === planId) ?? null,
        limits: row ? readStoredLimits(row, own) : own,
        builtin: own,
        customized: row !== undefined,
      };
    });
  }

  async function limitsOf(db: Database, planId: string | null): Promise<OperatorPlanLimits> {
    const [entry] = await entries(db, [planId]);
    return entry?.limits ?? builtin(planId);
  }

  async function all(db: Database): Promise<{ free: PlanEntry; plans: PlanEntry[] }> {
    const [free, ...plans] = await entries(db, [null, ...catalogue.map((p) => p.id)]);
    return { free: free as PlanEntry, plans };
  }

  return {
    catalogue,
    builtin,
    /** The limits of one plan; null: the free tier. */
    limitsOf,
    /** The free tier and every plan of the catalogue, in catalogue order. */
    all,

    /**
     * Of several running plans, the one whose limits apply: the one allowing the most things (the first
     * given on a tie); none: the free tier.
     */
    async best(
      db: Database,
      planIds: readonly string[],
    ): Promise<{ planId: string | null; limits: OperatorPlanLimits }> {
      if (planIds.length === 0) return { planId: null, limits: await limitsOf(db, null) };
      const found = await entries(db, planIds);
      let best = 0;
      for (const [i, entry] of found.entries()) {
        if (rank(entry.limits) > rank((found[best] as PlanEntry).limits)) best = i;
      }
      return { planId: planIds[best] ?? null, limits: (found[best] as PlanEntry).limits };
    },

    /**
     * Days values are kept per retention class. Values are stored by class (telemetry README), so a plan's
     * `retention_days` drives its class: a class keeps values as long as the longest of its plans (the team,
     * school and product plans share Maker Plus's class), and the free tier's number is the free class's.
     */
    async retentionDays(db: Database): Promise<RetentionDays> {
      const { free, plans } = await all(db);
      const days = Object.fromEntries(RETENTION_CLASSES.map((c) => [c, 0])) as Record<RetentionClass, number>;
      days.free = free.limits.retention_days;
      for (const entry of plans) {
        if (!entry.plan) continue;
        const cls = retentionClassOf(entry.plan.id);
        days[cls] = Math.max(days[cls], entry.limits.retention_days);
      }
      // A class no plan of the catalogue falls in keeps the environment's number.
      const configured = config.retentionDays ?? DEFAULT_RETENTION_DAYS;
      for (const cls of RETENTION_CLASSES) if (days[cls] === 0) days[cls] = configured[cls];
      return days;
    },
  };
}
export type PlanBook = ReturnType<typeof createPlanBook>;

import { type PlanDefaults, planDefaultsSchema } from '@tinkercloud/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { catalogueFor } from './plan-rules.ts';
import { createPlanSettingsRepository } from './plan-settings.repository.ts';
import { createPlansRepository } from './plans.repository.ts';

type DefaultsConfig = Pick<Config, 'productSlug' | 'productName' | 'plans'>;

const WHAT: Record<keyof PlanDefaults, string> = {
  user: 'a My Cloud plan',
  edu: 'a School plan',
  pro: 'a Team plan',
};

/**
 * The plan a new account, school space or team space starts on: the environment's (`DEFAULT_PLAN`,
 * `DEFAULT_SCHOOL_PLAN`, `DEFAULT_TEAM_PLAN`) until the console sets all three (`instance_settings`), then the
 * console's. Read from the database at each creation, so every server process applies a change at once.
 */
export function createPlanDefaults(config: DefaultsConfig) {
  const catalogue = catalogueFor(config);

  /** Why `id` cannot be the default of `key`, or null when it can. */
  function problem(key: keyof PlanDefaults, id: string | null): string | null {
    if (id === null) return null;
    const fitting = catalogue.filter((p) => p.scope === key).map((p) => p.id);
    if (fitting.includes(id)) return null;
    const known = catalogue.some((p) => p.id === id);
    return `${key}: ${known ? `"${id}" is not ${WHAT[key]}` : `unknown plan "${id}"`}; use ${fitting.join(', ')} or null.`;
  }

  async function current(db: Database): Promise<PlanDefaults> {
    const stored = planDefaultsSchema.safeParse(await createPlanSettingsRepository(db).defaults());
    if (!stored.success) return config.plans.defaults;
    // A stored id the catalogue no longer has (PRODUCT_SLUG changed) falls back to the environment's.
    const pick = (key: keyof PlanDefaults) =>
      problem(key, stored.data[key]) === null ? stored.data[key] : config.plans.defaults[key];
    return { user: pick('user'), edu: pick('edu'), pro: pick('pro') };
  }

  return {
    current,

    /** Stores the console's defaults; 400 naming the first id that does not fit its place. */
    async set(db: Database, defaults: PlanDefaults): Promise<PlanDefaults> {
      for (const key of ['user', 'edu', 'pro'] as const) {
        const why = problem(key, defaults[key]);
        if (why) throw new AppError('validation_error', why);
      }
      await createPlanSettingsRepository(db).setDefaults(defaults);
      return defaults;
    },

    /** Grants a new account the default user plan, without an end date (none when there is no default). */
    async grantNewAccount(db: Database, userId: string): Promise<string | null> {
      const planId = (await current(db)).user;
      if (planId) await createPlansRepository(db).upsertUserPlan(userId, planId, null);
      return planId;
    },

    /** The plan a new space of `kind` starts on (null: none). Pass the creating transaction. */
    async forNewSpace(db: Database, kind: 'edu' | 'pro'): Promise<string | null> {
      return (await current(db))[kind];
    },
  };
}
export type PlanDefaultsSource = ReturnType<typeof createPlanDefaults>;

/**
 * The accounts' new-account hook with the default plan granted first, so the demo's device and thing (`next`)
 * count against it. A failed grant does not keep `next` from running; the account service logs the failure.
 */
export function withDefaultPlan(
  db: Database,
  config: DefaultsConfig,
  next?: (account: { id: string }) => Promise<void>,
): (account: { id: string }) => Promise<void> {
  const defaults = createPlanDefaults(config);
  return async (account) => {
    const failed = await defaults.grantNewAccount(db, account.id).then(
      () => null,
      (err: unknown) => err ?? new Error('default plan not granted'),
    );
    await next?.(account);
    if (failed !== null) throw failed;
  };
}

/**
 * The plan catalogue (spec section 9). `{product}` stands for the deployment's PRODUCT_SLUG: the provider's
 * own plan, named after the product.
 */
export const FIXED_PLAN_IDS = [
  'create-entry',
  'create-maker',
  'create-maker-plus',
  'cloud-enterprise',
  'cloud-classroom',
] as const;
export type FixedPlanId = (typeof FIXED_PLAN_IDS)[number];
export const ENTRY_PLAN_ID: FixedPlanId = 'create-entry';
export const MAKER_PLUS_PLAN_ID: FixedPlanId = 'create-maker-plus';
export const TEAM_PLAN_ID: FixedPlanId = 'cloud-enterprise';
export const SCHOOL_PLAN_ID: FixedPlanId = 'cloud-classroom';

export interface Plan {
  id: string;
  name: string;
  /** Which space a plan is bought for. */
  scope: 'user' | 'pro' | 'edu';
}

export function planCatalogue(productSlug: string, productName: string): Plan[] {
  return [
    { id: productSlug, name: productName, scope: 'user' },
    { id: 'create-entry', name: 'Entry', scope: 'user' },
    { id: 'create-maker', name: 'Maker', scope: 'user' },
    { id: 'create-maker-plus', name: 'Maker Plus', scope: 'user' },
    { id: 'cloud-enterprise', name: 'Team', scope: 'pro' },
    { id: 'cloud-classroom', name: 'School', scope: 'edu' },
  ];
}

/** What the API answers (412) and the Triggers page says without a paid plan beyond Entry. */
export const TRIGGERS_NEED_PLAN = 'Triggers need a paid plan other than Entry.';

/** What the API answers (412) and the pages say when a plan limit is reached. */
export const planLimitReachedText = (limit: number | null, count: number, what: string) =>
  `Plan limit reached: ${limit ?? 0} ${what} at most (${count} in use).`;

/** Triggers need a paid plan other than the entry plan (spec 2.4 and 9). */
export function hasPaidPlanBeyondEntry(plans: readonly string[]): boolean {
  return plans.some((p) => p !== ENTRY_PLAN_ID && p !== '');
}

/** Limits of a plan (spec section 3 "Plan recap"); null means no limit. Booleans are features. */
export interface PlanLimits {
  cloud_things: number | null;
  create_sketches_disk: number | null;
  create_compilation_day: number | null;
  cloud_api: number | null;
  cloud_triggers: number | null;
  ota: boolean;
  foundries: boolean;
  edge_impulse: boolean;
}

const MB = 1024 * 1024;
/** Per-plan numbers beyond the spec's are ours ("not shown"); a disk limit above 1048576000 reads as unlimited. */
export const FREE_LIMITS: PlanLimits = {
  cloud_things: 2,
  create_sketches_disk: 100 * MB,
  create_compilation_day: 25,
  cloud_api: null,
  cloud_triggers: 0,
  ota: false,
  foundries: false,
  edge_impulse: false,
};
export const PLAN_LIMITS: Record<string, PlanLimits> = {
  'create-entry': {
    ...FREE_LIMITS,
    cloud_things: 10,
    create_sketches_disk: 500 * MB,
    create_compilation_day: 100,
    cloud_api: 1000,
  },
  'create-maker': {
    cloud_things: 25,
    create_sketches_disk: 2048 * MB,
    create_compilation_day: 500,
    cloud_api: 1000,
    cloud_triggers: 10,
    ota: true,
    foundries: false,
    edge_impulse: true,
  },
  'create-maker-plus': {
    cloud_things: 100,
    create_sketches_disk: 2048 * MB,
    create_compilation_day: 1000,
    cloud_api: 1000,
    cloud_triggers: 100,
    ota: true,
    foundries: true,
    edge_impulse: true,
  },
  'cloud-enterprise': {
    cloud_things: 100,
    create_sketches_disk: 2048 * MB,
    create_compilation_day: 1000,
    cloud_api: 1000,
    cloud_triggers: 100,
    ota: true,
    foundries: true,
    edge_impulse: true,
  },
  'cloud-classroom': {
    cloud_things: 500,
    create_sketches_disk: 2048 * MB,
    create_compilation_day: 2000,
    cloud_api: 1000,
    cloud_triggers: 50,
    ota: true,
    foundries: false,
    edge_impulse: true,
  },
};

/**
 * How long stored values are kept (issue 5): the free tier a day, Entry 15 days, Maker 3 months, Maker Plus a
 * year. The team and school plans, and the deployment's own plan, keep values as long as Maker Plus (they
 * have its limits). The number of days per class is the server's configuration.
 */
export const RETENTION_CLASSES = ['free', 'entry', 'maker', 'maker-plus'] as const;
export type RetentionClass = (typeof RETENTION_CLASSES)[number];

const PLAN_RETENTION: Record<string, RetentionClass> = {
  'create-entry': 'entry',
  'create-maker': 'maker',
  'create-maker-plus': 'maker-plus',
  'cloud-enterprise': 'maker-plus',
  'cloud-classroom': 'maker-plus',
};

/** The retention class of a space on `planId` (null: no running plan); unknown ids are the product's plan. */
export function retentionClassOf(planId: string | null): RetentionClass {
  if (!planId) return 'free';
  return PLAN_RETENTION[planId] ?? 'maker-plus';
}

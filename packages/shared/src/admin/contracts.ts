import { z } from 'zod';

/**
 * The operator's console (issue 27): the admin API under `/admin/v1`, for operators only. Every route is
 * declared `operatorRoute()` on the server and answers 404 to anyone else, as if it did not exist.
 *
 * | route | body / query | answer |
 * |---|---|---|
 * | `GET /admin/v1/me` | | `{operator: true}` (404 for a non-operator, like every admin route) |
 * | `GET /admin/v1/users` | `adminUsersQuerySchema` | `adminUsersPageSchema` |
 * | `GET /admin/v1/users/{id}` | | `adminUserSchema` |
 * | `POST /admin/v1/users/{id}/plans` | `grantPlanBodySchema` | `adminUserSchema` |
 * | `DELETE /admin/v1/users/{id}/plans/{plan}` | | `adminUserSchema` (the plan ended now) |
 * | `POST /admin/v1/users/{id}/disable`, `/enable` | | `adminUserSchema` |
 * | `POST /admin/v1/users/{id}/password-reset` | | 204 (a reset link mailed) |
 * | `POST /admin/v1/users/{id}/verify-email` | | `adminUserSchema` |
 * | `PUT /admin/v1/users/{id}/operator` | `{operator: boolean}` | `adminUserSchema` |
 * | `DELETE /admin/v1/users/{id}` | | 204 (the account-deletion operation) |
 * | `GET /admin/v1/plans` | | `adminPlansSchema` |
 * | `PUT /admin/v1/plans/{plan}` | `{limits: OperatorPlanLimits}` | `adminPlanSchema` |
 * | `DELETE /admin/v1/plans/{plan}` | | `adminPlanSchema` (back to the built-in numbers) |
 * | `PUT /admin/v1/plan-defaults` | `planDefaultsSchema` | `planDefaultsSchema` |
 * | `GET /admin/v1/plan-requests` | `?status=pending` | `{requests: PlanRequest[]}` |
 * | `POST /admin/v1/plan-requests/{id}/grant` | `decidePlanRequestBodySchema` | `planRequestSchema` |
 * | `POST /admin/v1/plan-requests/{id}/decline` | `decidePlanRequestBodySchema` | `planRequestSchema` |
 * | `GET /admin/v1/spaces` | `adminSpacesQuerySchema` | `adminSpacesPageSchema` |
 * | `POST /admin/v1/spaces/{id}/plan` | `grantPlanBodySchema` | `adminSpaceSchema` |
 * | `PUT /admin/v1/spaces/{id}/owner` | `{user_id}` | `adminSpaceSchema` |
 * | `GET /admin/v1/spaces/{id}/deletion` | | `spaceDeletionSummarySchema` (what a delete takes) |
 * | `DELETE /admin/v1/spaces/{id}` | | 204 |
 * | `GET /admin/v1/health` | | `instanceHealthSchema` |
 * | `POST /admin/v1/renewals`, `PUT /admin/v1/customizations/{key}`, `PUT /admin/v1/slugs/{space}` | | the admin CLI's commands without a console screen (server-side schemas: `apps/server/src/modules/admin/operator-tools.schemas.ts`) |
 * | `GET /admin/v1/audit` | `auditQuerySchema` | `auditPageSchema` |
 * | `GET /metrics` | | Prometheus text: an operator's token, or a caller on loopback |
 *
 * The web's own question, asked by any signed-in user (so a non-operator's menu makes no failing call):
 * `GET /users/v1/me/operator` → `operatorStatusSchema`.
 *
 * A user's side of plan requests (any signed-in user, where no store sells plans):
 *
 * | route | body | answer |
 * |---|---|---|
 * | `GET /plans/v1/requests` | | `{requests: PlanRequest[]}` (the caller's) |
 * | `POST /plans/v1/requests` | `createPlanRequestBodySchema` | 201 `planRequestSchema` |
 * | `DELETE /plans/v1/requests/{id}` | | `planRequestSchema` (withdrawn) |
 */

const isoDate = z.string();
export const PER_PAGE_MAX = 100;
const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(25),
  order: z.enum(['asc', 'desc']).default('desc'),
};

export const adminMeSchema = z.object({ operator: z.literal(true) });
/** Whether the caller operates this server: the user menu's Admin entry. */
export const operatorStatusSchema = z.object({ operator: z.boolean() });

export const ADMIN_USER_SORTS = ['created', 'username', 'email', 'last_sign_in'] as const;
export const adminUsersQuerySchema = z.object({
  /** Part of a username, e-mail or name, any case. */
  q: z.string().trim().max(100).optional(),
  sort: z.enum(ADMIN_USER_SORTS).default('created'),
  ...pageQuery,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** No end date: null. */
  ends_at: isoDate.nullable(),
});

export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  is_minor: z.boolean(),
  email_verified: z.boolean(),
  is_operator: z.boolean(),
  /** Set while the account is disabled. */
  disabled_at: isoDate.nullable(),
  created_at: isoDate,
  last_sign_in_at: isoDate.nullable(),
  /** The seeded demo account (its password is printed at start-up). */
  is_demo: z.boolean(),
  plans: z.array(adminUserPlanSchema),
  spaces: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      space: z.enum(['private', 'edu', 'pro']),
      role: z.string(),
    }),
  ),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** Grant a plan to a user (My Cloud) or a space; without `ends_at` it has no end date. */
export const grantPlanBodySchema = z.object({
  plan_id: z.string().min(1).max(64),
  ends_at: z.iso.datetime({ offset: true }).optional(),
  /** Spaces only: the seats of a school or team plan. */
  seats: z.number().int().min(1).max(100_000).optional(),
});
export type GrantPlanBody = z.infer<typeof grantPlanBodySchema>;

export const operatorBodySchema = z.object({ operator: z.boolean() });

/**
 * The numbers an operator sets for a plan: the spec's plan recap (`PlanLimits`) and ours (devices, stored
 * values' retention). Null: no limit.
 */
export const operatorPlanLimitsSchema = z.object({
  cloud_things: z.number().int().min(0).max(1_000_000).nullable(),
  devices: z.number().int().min(0).max(1_000_000).nullable(),
  cloud_api: z.number().int().min(0).max(1_000_000).nullable(),
  cloud_triggers: z.number().int().min(0).max(1_000_000).nullable(),
  ota: z.boolean(),
  retention_days: z.number().int().min(1).max(36_500),
  create_sketches_disk: z.number().int().min(0).max(1_099_511_627_776).nullable(),
  create_compilation_day: z.number().int().min(0).max(1_000_000).nullable(),
});
export type OperatorPlanLimits = z.infer<typeof operatorPlanLimitsSchema>;

export const adminPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(['user', 'pro', 'edu']),
  limits: operatorPlanLimitsSchema,
  /** The numbers the server ships with, which `DELETE` puts back. */
  builtin: operatorPlanLimitsSchema,
  customized: z.boolean(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;

/** The plan a new account, a new school space and a new team space start on (null: none, the free tier). */
export const planDefaultsSchema = z.object({
  user: z.string().nullable(),
  edu: z.string().nullable(),
  pro: z.string().nullable(),
});
export type PlanDefaults = z.infer<typeof planDefaultsSchema>;

export const adminPlansSchema = z.object({
  /** The free tier's numbers (an account or space with no plan). */
  free: operatorPlanLimitsSchema,
  plans: z.array(adminPlanSchema),
  defaults: planDefaultsSchema,
});
export type AdminPlans = z.infer<typeof adminPlansSchema>;

export const PLAN_REQUEST_STATUSES = ['pending', 'granted', 'declined', 'withdrawn'] as const;
export const planRequestSchema = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), username: z.string(), email: z.string() }),
  /** A space's plan; absent for the user's own. */
  space: z.object({ id: z.string(), name: z.string() }).optional(),
  plan_id: z.string(),
  plan_name: z.string(),
  seats: z.number().int().optional(),
  message: z.string(),
  status: z.enum(PLAN_REQUEST_STATUSES),
  created_at: isoDate,
  decided_at: isoDate.optional(),
  decision_note: z.string(),
});
export type PlanRequest = z.infer<typeof planRequestSchema>;
export const planRequestListSchema = z.object({ requests: z.array(planRequestSchema) });

export const PLAN_REQUEST_MESSAGE_MAX = 1000;
export const createPlanRequestBodySchema = z.object({
  plan_id: z.string().min(1).max(64),
  /** A space the caller administers; absent: their own plan. */
  space_id: z.uuid().optional(),
  seats: z.number().int().min(1).max(100_000).optional(),
  message: z.string().max(PLAN_REQUEST_MESSAGE_MAX).default(''),
});
export const decidePlanRequestBodySchema = z.object({
  note: z.string().max(PLAN_REQUEST_MESSAGE_MAX).default(''),
  ends_at: z.iso.datetime({ offset: true }).optional(),
});

export const ADMIN_SPACE_SORTS = ['created', 'name', 'members'] as const;
export const adminSpacesQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  type: z.enum(['edu', 'pro']).optional(),
  sort: z.enum(ADMIN_SPACE_SORTS).default('created'),
  ...pageQuery,
});
export const adminSpaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  space: z.enum(['edu', 'pro']),
  created_at: isoDate,
  plan: adminUserPlanSchema.nullable(),
  seats: z.number().int().nullable(),
  members: z.number().int(),
  owner: z.object({ id: z.string(), username: z.string() }).nullable(),
  usage: z.object({ things: z.number().int(), devices: z.number().int(), dashboards: z.number().int() }),
});
export type AdminSpace = z.infer<typeof adminSpaceSchema>;
export const adminSpacesPageSchema = z.object({
  spaces: z.array(adminSpaceSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export const transferOwnerBodySchema = z.object({ user_id: z.uuid() });
/** What deleting a space takes with it, named in the confirmation. */
export const spaceDeletionSummarySchema = z.object({
  name: z.string(),
  members: z.number().int(),
  devices: z.number().int(),
  things: z.number().int(),
  dashboards: z.number().int(),
  triggers: z.number().int(),
  sketches: z.number().int(),
});

export const instanceHealthSchema = z.object({
  version: z.string(),
  started_at: isoDate,
  uptime_s: z.number(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), size_bytes: z.number().nullable() }),
  telemetry: z.object({
    points: z.number(),
    /** Days kept per retention class (free, entry, maker, maker-plus). */
    retention_days: z.record(z.string(), z.number()),
  }),
  broker: z.object({
    kind: z.enum(['embedded', 'external']),
    connections: z.number().int(),
    messages_per_second: z.number(),
  }),
  mail: z.object({ configured: z.boolean(), transport: z.string() }),
  tls: z.object({ enabled: z.boolean(), certificate_expires_at: isoDate.nullable() }),
  queues: z.object({
    webhook_deliveries: z.number().int(),
    exports: z.number().int(),
    compile_jobs: z.number().int(),
  }),
  last_errors: z.array(z.object({ at: isoDate, message: z.string(), route: z.string().optional() })),
});
export type InstanceHealth = z.infer<typeof instanceHealthSchema>;

/** Operator actions and security-relevant user actions the audit log records. */
export const AUDIT_ACTIONS = [
  'user.signed_in',
  'user.sign_in_failed',
  'user.disabled',
  'user.enabled',
  'user.email_verified',
  'user.password_reset_sent',
  'user.operator_granted',
  'user.operator_revoked',
  'account.deleted',
  'api_key.created',
  'api_key.revoked',
  'member.role_changed',
  'plan.granted',
  'plan.ended',
  'plan.limits_changed',
  'plan.defaults_changed',
  'plan_request.created',
  'plan_request.granted',
  'plan_request.declined',
  'space.owner_transferred',
  'space.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** An actor's or target's id, username or e-mail as recorded. */
  who: z.string().trim().max(100).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Paging: entries older than this id. */
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: isoDate,
  actor_id: z.string().nullable(),
  actor_label: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  target_type: z.string(),
  target_id: z.string(),
  target_label: z.string(),
  ip: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next page; absent on the last. */
  next_before: z.number().int().optional(),
});

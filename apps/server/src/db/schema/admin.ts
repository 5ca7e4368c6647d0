import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './spaces.ts';
import { users } from './users.ts';

/**
 * The operator's own numbers for a plan (issue 27): a row overrides the built-in limits of `PLAN_LIMITS` in
 * `@tinkercloud/shared`; no row, the built-in numbers hold. Read on every check, so every server process
 * applies a change at once.
 */
export const planSettings = pgTable('plan_settings', {
  planId: text('plan_id').primaryKey(),
  limits: jsonb('limits').$type<Record<string, number | null>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

/** Settings of the whole server an operator changes in the console (default plans, the first operator claim). */
export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's request for a plan, where no store sells them: the operator grants or declines it. */
export const planRequests = pgTable(
  'plan_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A request for a space's plan; null for the user's own (My Cloud). */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    seats: integer('seats'),
    message: text('message').notNull().default(''),
    status: text('status', { enum: ['pending', 'granted', 'declined', 'withdrawn'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
    decisionNote: text('decision_note').notNull().default(''),
  },
  (t) => [
    index('plan_requests_status_idx').on(t.status, t.createdAt),
    index('plan_requests_user_idx').on(t.userId),
  ],
);

/**
 * Operator actions and security-relevant user actions, newest first. Actor and target are kept as ids and
 * labels without foreign keys: an entry outlives the account it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorLabel: text('actor_label').notNull().default(''),
    action: text('action').notNull(),
    targetType: text('target_type').notNull().default(''),
    targetId: text('target_id').notNull().default(''),
    targetLabel: text('target_label').notNull().default(''),
    ip: text('ip').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_action_at_idx').on(t.action, t.at),
    index('audit_log_actor_at_idx').on(t.actorId, t.at),
  ],
);

import type { CompileDiagnostic, CompileSize, CompileStatus } from '@tinkercloud/shared';
import { COMPILE_STATUSES } from '@tinkercloud/shared';
import { customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './spaces.ts';
import { users } from './users.ts';

/**
 * Compile jobs of sketches (issue 26 item 5). Self-contained in this file: the job names its sketch by id
 * without a foreign key (a job outlives nothing: it is deleted an hour after it was made), and its space as
 * every IoT table does. Jobs live here, not in the process that runs them, so any server process answers a
 * status read or serves the artefact.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** bytea as a Buffer with both drivers (node-postgres gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const spaceColumns = () => ({
  organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  ownerUserId: uuid('owner_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

export const compileJobs = pgTable(
  'compile_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...spaceColumns(),
    /** Who asked: one job per user runs at a time. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sketchId: uuid('sketch_id').notNull(),
    fqbn: text('fqbn').notNull(),
    status: text('status', { enum: COMPILE_STATUSES }).$type<CompileStatus>().notNull().default('queued'),
    /** Jobs ahead in the queue of the process that runs it, written as the queue moves. */
    queuePosition: integer('queue_position'),
    output: text('output').notNull().default(''),
    diagnostics: jsonb('diagnostics').$type<CompileDiagnostic[]>().notNull().default([]),
    size: jsonb('size').$type<CompileSize>(),
    artefactName: text('artefact_name'),
    artefactFormat: text('artefact_format', { enum: ['hex', 'bin'] }),
    artefact: bytea('artefact'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('compile_jobs_space_idx').on(t.organizationId, t.ownerUserId, t.createdAt),
    index('compile_jobs_created_idx').on(t.createdAt),
  ],
);

/**
 * One row per compile asked for, kept a day: the plan's daily limit (`create_compilation_day`) counts these,
 * since jobs themselves go after an hour.
 */
export const compileUsage = pgTable(
  'compile_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...spaceColumns(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('compile_usage_space_idx').on(t.organizationId, t.ownerUserId, t.createdAt)],
);

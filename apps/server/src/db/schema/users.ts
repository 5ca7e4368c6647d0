import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Accounts of the embedded identity provider; with an external provider, rows are created on first API call. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** scrypt$N$r$p$salt$hash; null for accounts that sign in only through an external provider. */
    passwordHash: text('password_hash'),
    emailVerified: boolean('email_verified').notNull().default(false),
    isMinor: boolean('is_minor').notNull().default(false),
    birthday: date('birthday', { mode: 'string' }),
    picture: text('picture').notNull().default(''),
    loginCount: integer('login_count').notNull().default(0),
    /** Subject at the external provider when one is used; null for embedded accounts. */
    externalSubject: text('external_subject'),
    tosAcceptedAt: timestamp('tos_accepted_at', { withTimezone: true }),
    /**
     * Access tokens issued before this moment (whole seconds, as a token's `iat`) are refused: set when the
     * password is reset. Null: no change since sign-up.
     */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    /** An operator of this server (the admin console, spec-external): the first account signed up, `OPERATORS`, or made by another operator. */
    isOperator: boolean('is_operator').notNull().default(false),
    /** Set by an operator: the account cannot sign in, and its tokens and API keys are refused. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_external_subject_key').on(t.externalSubject),
  ],
);

/** One-time tokens mailed to users (verify e-mail, reset password). Only a hash is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId)],
);

export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

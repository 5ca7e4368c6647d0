import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** bytea as a Buffer with both drivers (node-postgres gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Edu (school) and pro (team) spaces. My Cloud is not stored: every user has one. */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    space: text('space', { enum: ['edu', 'pro'] }).notNull(),
    type: text('type').notNull().default(''),
    country: text('country').notNull().default(''),
    planId: text('plan_id'),
    planSeats: integer('plan_seats'),
    planExpiresAt: timestamp('plan_expires_at', { withTimezone: true }),
    /** 8 unambiguous upper-case letters and digits; who knows it may join (spec 4.5). */
    joinCode: text('join_code').notNull(),
    /** Sub-domain label of a branded deployment (`{slug}.{BASE_HOST}`), set by the operator. */
    slug: text('slug'),
    /** media ids; no foreign key, the service keeps them in step (media rows cascade with the space). */
    logoMediaId: uuid('logo_media_id'),
    secondLogoMediaId: uuid('second_logo_media_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('organizations_join_code_key').on(t.joinCode),
    uniqueIndex('organizations_slug_key').on(t.slug),
  ],
);

/** Who belongs to which space, with which roles (spec 6.1). updated_at is the member's last_update. */
export const memberships = pgTable(
  'memberships',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roles: text('roles').array().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

/**
 * Invitations to a space, waiting for the invitee's consent. Kept apart from `memberships` on purpose: a
 * pending invitation grants nothing, and every query on memberships (access gate, space lists, counts, the
 * IoT resolver) stays right without a filter. Accepting moves it into `memberships`; declining deletes it.
 */
export const spaceInvitations = pgTable(
  'space_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The login (e-mail or username) exactly as the inviter typed it: all the inviter ever sees. */
    login: text('login').notNull(),
    /**
     * The account it is delivered to, matched when sent; null when none may receive it (no such account, a
     * minor, an unverified e-mail). An e-mail invitation without one reaches whoever verifies that address.
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    roles: text('roles').array().notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('space_invitations_org_login_key').on(t.organizationId, sql`lower(${t.login})`),
    index('space_invitations_user_idx').on(t.userId),
    index('space_invitations_login_idx').on(sql`lower(${t.login})`),
  ],
);

/** Plans of a user's My Cloud, granted by the operator or a renewal (payment is out of scope). */
export const userPlans = pgTable(
  'user_plans',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.planId] })],
);

/** One-use plan activations made by the operator for a user or a space; the id is the renewal_id. */
export const planRenewals = pgTable(
  'plan_renewals',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    seats: integer('seats'),
    /** Length of the plan once activated; null means no end date. */
    days: integer('days'),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('plan_renewals_one_target', sql`(${t.userId} is null) <> (${t.organizationId} is null)`)],
);

/**
 * Uploaded images (space logos; widget and template images, `image`), kept in the database so every server
 * process serves them. An image of My Cloud has no space but its owner.
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['logo', 'second_logo', 'image'] }).notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('media_organization_idx').on(t.organizationId), index('media_owner_idx').on(t.ownerUserId)],
);

/** Branding of a pro space (spec 3 "Branding customization"); name and second logo come from the space. */
export const branding = pgTable('branding', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  policyUrl: text('policy_url'),
  customTos: text('custom_tos'),
  updatedAt: updatedAt(),
});

/** Company-customised sign-in records (spec 3 "Customization record", 4.1), created by the operator. */
export const customizationRecords = pgTable('customization_records', {
  companyKey: text('company_key').primaryKey(),
  urlEnabled: boolean('url_enabled').notNull().default(false),
  url: text('url').notNull(),
  auth0Id: text('auth0_id').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Terms accepted by a user for a company's customised sign-in. */
export const tosAcceptances = pgTable(
  'tos_acceptances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyKey: text('company_key')
      .notNull()
      .references(() => customizationRecords.companyKey, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyKey] })],
);

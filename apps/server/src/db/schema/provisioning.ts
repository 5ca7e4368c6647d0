import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { iotDevices } from './iot.ts';
import { organizations } from './spaces.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A board onboarded from the browser (spec section 3 "Onboarding"): started by one user in one space for one
 * device; it gets `provisioned_at` when the device first connects, `ended_at` when the user ends it. Its
 * `deleted_at` is its device's (a deleted device ends every onboarding of it).
 */
export const provisioningOnboardings = pgTable(
  'provisioning_onboardings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => iotDevices.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    provisionedAt: ts('provisioned_at'),
    endedAt: ts('ended_at'),
  },
  (t) => [
    index('provisioning_onboardings_owner_idx').on(t.ownerUserId, t.createdAt),
    index('provisioning_onboardings_device_idx').on(t.deviceId),
  ],
);

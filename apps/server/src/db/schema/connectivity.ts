import { bigint, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { iotDevices } from './iot.ts';
import { users } from './users.ts';

/**
 * What the broker learns about a device besides its status (which lives on the device row): the network
 * settings it reported, the values it sent that were refused (malformed, unknown names, wrong types), and the
 * messages refused whole (too large, too many).
 */
export const iotDeviceConnectivity = pgTable('iot_device_connectivity', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => iotDevices.id, { onDelete: 'cascade' }),
  /** DeviceNetConfig as sent: `{adapter, params}`. */
  netConfig: jsonb('net_config').$type<{ adapter: number; params: unknown[] }>(),
  rejectedValues: bigint('rejected_values', { mode: 'number' }).notNull().default(0),
  /** Whole messages refused unread: over the maximum packet size or the device's message rate. */
  rejectedMessages: bigint('rejected_messages', { mode: 'number' }).notNull().default(0),
  /** The latest refusal: `{at, topic, name, reason}`. */
  lastRejection: jsonb('last_rejection').$type<{ at: string; topic: string; name: string; reason: string }>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a device sent that was refused, by the name it used and why (issue 28 item 3): a board still sending a
 * renamed variable's old name shows here with a count and the last time. One row per (device, name, reason),
 * added to in batches (`rejections.ts`), at most `MAX_REFUSED_ROWS_PER_DEVICE` rows a device. `name` is ""
 * for a message refused whole (over the rate, too large, malformed).
 */
export const iotDeviceRefusedValues = pgTable(
  'iot_device_refused_values',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => iotDevices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    reason: text('reason').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.name, t.reason] })],
);

/**
 * External broker mode: the access token an application registered as its user's MQTT password (the broker
 * keeps only its hash; here a SHA-256 tells a repeated registration from a new token). One per user: the
 * newest registration wins. Removed with the broker client when the token expires or its API key is deleted.
 */
export const mqttAppLogins = pgTable('mqtt_app_logins', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 (hex) of the registered token. */
  tokenDigest: text('token_digest').notNull(),
  /** The MQTT client id the broker accepts for this login (starts with the user id). */
  clientId: text('client_id').notNull(),
  /** Where the token may act: `*` (every space of the user), or the organisation id its API key was made for. */
  scope: text('scope').notNull(),
  /** The API key the token came from (its deletion ends the login); null for identity-provider tokens. */
  apiClientId: text('api_client_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Digest of the broker roles last given to the client: a change re-applies them (and the broker kicks it). */
  grantsDigest: text('grants_digest').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

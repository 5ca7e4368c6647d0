import { bigint, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

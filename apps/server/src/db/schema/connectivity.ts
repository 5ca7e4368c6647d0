import { bigint, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { iotDevices } from './iot.ts';

/**
 * What the broker learns about a device besides its status (which lives on the device row): the network
 * settings it reported, and the values it sent that were refused (malformed, unknown names, wrong types).
 */
export const iotDeviceConnectivity = pgTable('iot_device_connectivity', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => iotDevices.id, { onDelete: 'cascade' }),
  /** DeviceNetConfig as sent: `{adapter, params}`. */
  netConfig: jsonb('net_config').$type<{ adapter: number; params: unknown[] }>(),
  rejectedValues: bigint('rejected_values', { mode: 'number' }).notNull().default(0),
  /** The latest refusal: `{at, topic, name, reason}`. */
  lastRejection: jsonb('last_rejection').$type<{ at: string; topic: string; name: string; reason: string }>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

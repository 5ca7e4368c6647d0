import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { iotProperties } from './iot.ts';

/**
 * The last value of each property, kept by the telemetry store (modules/telemetry). Narrow on purpose: it is
 * rewritten at every ingest batch, and a small row keeps those updates cheap (no index column changes, so
 * PostgreSQL can update in place). The series themselves live in partitioned tables a schema cannot express
 * (see the telemetry store migration): `telemetry_points`, `telemetry_minutes`, `telemetry_hours`.
 */
export const telemetryLastValues = pgTable('telemetry_last_values', {
  propertyId: uuid('property_id')
    .primaryKey()
    .references(() => iotProperties.id, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true }).notNull(),
  value: jsonb('value').notNull(),
});

import { sql } from 'drizzle-orm';
import { bigint, jsonb, pgSequence, pgTable, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { iotProperties } from './iot.ts';

/**
 * The last value of each property, kept by the telemetry store (modules/telemetry). Narrow on purpose: it is
 * rewritten at every ingest batch, and a small row keeps those updates cheap (no index column changes, so
 * PostgreSQL can update in place). The series themselves live in partitioned tables a schema cannot express
 * (see the telemetry store migration): `telemetry_points`, `telemetry_minutes`, `telemetry_hours`.
 */
/** Change markers of the stored series: every value never repeats, so a marker seen once is never seen again. */
export const telemetryChanges = pgSequence('telemetry_changes');

export const telemetryLastValues = pgTable('telemetry_last_values', {
  propertyId: uuid('property_id')
    .primaryKey()
    .references(() => iotProperties.id, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true }).notNull(),
  value: jsonb('value').notNull(),
  /**
   * Moved (from telemetry_changes) by every write batch holding points of the property, older ones too: the
   * series API keeps raw answers while it stays put (and telemetry_deletions does).
   */
  changed: bigint('changed', { mode: 'number' }).notNull().default(sql`nextval('telemetry_changes')`),
});

/**
 * One row (id 1), moved by retention whenever it drops tables or deletes points: the marker of deletions
 * that no property's `changed` shows. Absent until the first such deletion.
 */
export const telemetryDeletions = pgTable('telemetry_deletions', {
  id: smallint('id').primaryKey(),
  changed: bigint('changed', { mode: 'number' }).notNull(),
});

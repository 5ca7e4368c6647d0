import type { RetentionClass } from '@tinkercloud/shared';

/**
 * Names and bounds of the telemetry partitions. Every parent table is partitioned by retention code (list),
 * and each class partition by time (range) into spans of PARTITION_DAYS: `telemetry_points_r1_20250131`
 * holds the entry class's points of 31 January 2025, `telemetry_points_r3_20250127` the maker plus class's
 * points of the week starting Monday 27 January; `telemetry_points_r1_default` catches times that have no
 * table of their own. Tables are named after the UTC day they start.
 */
export const TELEMETRY_TABLES = [
  { name: 'telemetry_points', time: 'at' },
  { name: 'telemetry_minutes', time: 'bucket' },
  { name: 'telemetry_hours', time: 'bucket' },
] as const;
type TelemetryTable = (typeof TELEMETRY_TABLES)[number];

/**
 * Days per table: a day for the short retentions, a week (from Monday) for the long ones. Retention drops
 * whole tables, so values live up to one span longer than the retention; weeks keep a year of history to 53
 * tables per class, so a query over all of it plans in milliseconds.
 */
export const PARTITION_DAYS: Record<RetentionClass, 1 | 7> = { free: 1, entry: 1, maker: 7, 'maker-plus': 7 };

const DAY_MS = 86_400_000;

export const classTable = (table: TelemetryTable, code: number) => `${table.name}_r${code}`;
export const defaultPartition = (table: TelemetryTable, code: number) => `${classTable(table, code)}_default`;

/** The UTC midnight starting the span of `days` (1, or 7 from Monday) that holds `at`. */
export function spanStart(at: Date, days: 1 | 7): Date {
  const day = Math.floor(at.getTime() / DAY_MS);
  // 1 January 1970 was a Thursday: day 0 is 3 days after a Monday.
  const start = days === 1 ? day : day - ((((day + 3) % 7) + 7) % 7);
  return new Date(start * DAY_MS);
}

export function addDays(day: Date, n: number): Date {
  return new Date(day.getTime() + n * DAY_MS);
}

function stamp(day: Date): string {
  return day.toISOString().slice(0, 10).replace(/-/g, '');
}

export const spanPartition = (table: TelemetryTable, code: number, start: Date) =>
  `${classTable(table, code)}_${stamp(start)}`;

const SPAN_PARTITION = /^(telemetry_(?:points|minutes|hours))_r(\d+)_(\d{4})(\d{2})(\d{2})$/;

/** Reads a span table's name back; null for any other table (class partitions, defaults). */
export function parseSpanPartition(
  name: string,
): { table: TelemetryTable; code: number; start: Date } | null {
  const m = SPAN_PARTITION.exec(name);
  if (!m) return null;
  const table = TELEMETRY_TABLES.find((t) => t.name === m[1]);
  if (!table) return null;
  return { table, code: Number(m[2]), start: new Date(`${m[3]}-${m[4]}-${m[5]}T00:00:00.000Z`) };
}

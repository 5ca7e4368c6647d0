/**
 * Names and bounds of the telemetry partitions. Every parent table is partitioned by retention code (list),
 * and each class partition by UTC day (range): `telemetry_points_r2_20250131` holds the maker class's points
 * of 31 January 2025; `telemetry_points_r2_default` catches days that have no table of their own.
 */
export const TELEMETRY_TABLES = [
  { name: 'telemetry_points', time: 'at' },
  { name: 'telemetry_minutes', time: 'bucket' },
  { name: 'telemetry_hours', time: 'bucket' },
] as const;
export type TelemetryTable = (typeof TELEMETRY_TABLES)[number];

const DAY_MS = 86_400_000;

export const classTable = (table: TelemetryTable, code: number) => `${table.name}_r${code}`;
export const defaultPartition = (table: TelemetryTable, code: number) => `${classTable(table, code)}_default`;

/** The UTC midnight starting the day of `at`. */
export function dayOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

export function addDays(day: Date, n: number): Date {
  return new Date(day.getTime() + n * DAY_MS);
}

function stamp(day: Date): string {
  return day.toISOString().slice(0, 10).replace(/-/g, '');
}

export const dayPartition = (table: TelemetryTable, code: number, day: Date) =>
  `${classTable(table, code)}_${stamp(day)}`;

const DAY_PARTITION = /^(telemetry_(?:points|minutes|hours))_r(\d+)_(\d{4})(\d{2})(\d{2})$/;

/** Reads a day partition's name back; null for any other table (class partitions, defaults). */
export function parseDayPartition(name: string): { table: TelemetryTable; code: number; day: Date } | null {
  const m = DAY_PARTITION.exec(name);
  if (!m) return null;
  const table = TELEMETRY_TABLES.find((t) => t.name === m[1]);
  if (!table) return null;
  return { table, code: Number(m[2]), day: new Date(`${m[3]}-${m[4]}-${m[5]}T00:00:00.000Z`) };
}

import { RETENTION_CLASSES, type RetentionClass } from '@tinkercloud/shared';

/** Days values are kept, per retention class (configurable: TELEMETRY_RETENTION_*_DAYS). */
export type RetentionDays = Record<RetentionClass, number>;

/** Free a day, Entry 15 days, Maker 3 months (92 days: any three calendar months), Maker Plus a year. */
export const DEFAULT_RETENTION_DAYS: RetentionDays = { free: 1, entry: 15, maker: 92, 'maker-plus': 366 };

/**
 * The `retention` column of the telemetry tables: the class's index in RETENTION_CLASSES. The migration
 * creates one list partition per code (0 to 3); a new class needs a migration adding its partitions.
 */
export function retentionCode(c: RetentionClass): number {
  return RETENTION_CLASSES.indexOf(c);
}

const DAY_MS = 86_400_000;

/** Values at or before this instant have expired for the class. */
export function retentionCutoff(days: number, now: Date): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

import type { RetentionClass } from '@tinkercloud/shared';
import type { Database } from '../../db/client.ts';
import { type MaintenanceReport, maintainPartitions } from './maintenance.ts';
import {
  type AggregateQuery,
  type CsvPageQuery,
  type RawQuery,
  readAggregate,
  readCsvPage,
  readHistory,
  readLastValues,
  readRaw,
  readSampled,
  type SampleQuery,
} from './read.ts';
import { DEFAULT_RETENTION_DAYS, type RetentionDays, retentionCode } from './retention.ts';
import { checkPoints, type TelemetryPoint, writePoints } from './write.ts';

interface TelemetryStoreOptions {
  retentionDays?: RetentionDays;
  /**
   * The days per class as they are now, read at each maintenance run (the plans' `retention_days` the
   * operator sets); without it, `retentionDays` holds for good.
   */
  currentRetentionDays?: () => Promise<RetentionDays>;
  /**
   * The retention class of each property (its space's plan). Absent or silent about an id: 'free'. The
   * answer is remembered for `classCacheMs`, so a plan change reaches new points within that time.
   */
  classify?: (propertyIds: string[]) => Promise<Map<string, RetentionClass>>;
  classCacheMs?: number;
}

const CLASS_CACHE_MAX = 100_000;

/**
 * Time series of property values in PostgreSQL (PGlite or a server): raw points, minute and hour rollups and
 * last values, partitioned so retention drops whole tables (README.md beside this file).
 */
export function createTelemetryStore(db: Database, opts: TelemetryStoreOptions = {}) {
  const retentionDays = opts.retentionDays ?? DEFAULT_RETENTION_DAYS;
  const cacheMs = opts.classCacheMs ?? 60_000;
  const classes = new Map<string, { code: number; until: number }>();
  const FREE = retentionCode('free');

  async function learnClasses(points: readonly TelemetryPoint[]) {
    const now = Date.now();
    const missing = new Set<string>();
    for (const p of points) {
      const known = classes.get(p.propertyId);
      if (!known || known.until <= now) missing.add(p.propertyId);
    }
    if (missing.size === 0) return;
    const found = opts.classify ? await opts.classify([...missing]) : new Map<string, RetentionClass>();
    if (classes.size + missing.size > CLASS_CACHE_MAX) classes.clear();
    for (const id of missing) {
      const c = found.get(id);
      classes.set(id, { code: c ? retentionCode(c) : FREE, until: now + cacheMs });
    }
  }

  return {
    retentionDays,

    /** The days per class the next maintenance run applies. */
    currentRetentionDays: (): Promise<RetentionDays> =>
      opts.currentRetentionDays ? opts.currentRetentionDays() : Promise.resolve(retentionDays),

    /**
     * Stores one batch in one transaction (one statement): idempotent on (property, time), rollups and last
     * values kept up to date. Returns how many points were new.
     */
    async write(points: readonly TelemetryPoint[]): Promise<number> {
      if (points.length === 0) return 0;
      checkPoints(points);
      await learnClasses(points);
      return writePoints(db, points, (id) => classes.get(id)?.code ?? FREE);
    },

    /** Points in [from, to): the newest `limit` (DESC, newest first) or the oldest (ASC). */
    raw: (propertyId: string, q: RawQuery) => readRaw(db, propertyId, q),
    /** Aggregated buckets, from rollups when they answer; says which resolution it read. */
    aggregate: (propertyId: string, q: AggregateQuery) => readAggregate(db, propertyId, q),
    sampled: (propertyId: string, q: SampleQuery) => readSampled(db, propertyId, q),
    lastValues: (propertyIds: readonly string[]) => readLastValues(db, propertyIds),
    history: (propertyId: string, limit: number, before?: Date) => readHistory(db, propertyId, limit, before),
    /** One page of a CSV export, its lines written by the database (read.ts). */
    csvPage: (q: CsvPageQuery) => readCsvPage(db, q),

    /** Retention and partitions ahead (also run by the periodic job); tests call it with their own clock. */
    async maintain(now = new Date()): Promise<MaintenanceReport> {
      const days = opts.currentRetentionDays ? await opts.currentRetentionDays() : retentionDays;
      return maintainPartitions(db, days, now);
    },

    /** Forgets remembered retention classes (after a plan change, to apply it at once). */
    forgetClasses(propertyIds?: readonly string[]) {
      if (!propertyIds) classes.clear();
      else for (const id of propertyIds) classes.delete(id);
    },
  };
}
export type TelemetryStore = ReturnType<typeof createTelemetryStore>;
export type { TelemetryPoint };

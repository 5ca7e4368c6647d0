import type { FastifyBaseLogger } from 'fastify';
import { checkValue, numericReading } from '../iot/catalogue/property-types.ts';
import { iotEvents } from '../live/iot-events.ts';
import type { EventBus } from '../live/live-event.ts';
import type { TelemetryPoint } from '../telemetry/write.ts';
import { createBatcher } from './batcher.ts';
import { createCommitListeners } from './broker-stats.ts';
import type { PropertyInfo, ThingInfo } from './connectivity.repository.ts';
import {
  decodeSenml,
  encodeSenml,
  recordsToValues,
  type SenmlRecord,
  TIMEZONE_PROPERTIES,
  valueToRecords,
} from './protocol.ts';
import type { Rejections } from './rejections.ts';
import type { ThingCache, ThingEntry } from './thing-cache.ts';

/**
 * Where a stored value came from: a device reading, a device repeating a value the cloud just wrote (its
 * echo: stored, but not a new change for triggers), or a write from the cloud (API, dashboard, application).
 */
type ValueOrigin = 'device' | 'echo' | 'cloud';

export interface StoredValue {
  thing: ThingInfo;
  property: PropertyInfo;
  value: unknown;
  at: Date;
  origin: ValueOrigin;
}

/** What the broker should pass on to subscribers after ingest: the message as is, a cleaned copy, or nothing. */
export type Forward = 'as-is' | Uint8Array | null;

/**
 * A record without a value of a property the thing has: arduino-iot-js 0.13 sends 0, false and "" that way.
 * Stored as that zero value (`valuelessAsZero`) and counted (`zeroFilledValues`); one whose zero cannot be
 * told (an open complex type) is skipped, not counted against the device.
 */
const NO_VALUE = 'the record carries no value';
const UNKNOWN = 'unknown property';
/** A name unknown to a thing list read longer ago than this triggers one fresh read. */
const RELOAD_FOR_UNKNOWN_MS = 1_000;

const typesOf = (entry: ThingEntry) => new Map(entry.properties.map((p) => [p.variable, p.type]));
/** Device clocks may run a little ahead; beyond this a time is refused rather than stored in the future. */
const MAX_CLOCK_AHEAD_MS = 5 * 60_000;
/** A device value equal to a cloud write within this long after it is that write's echo. */
const ECHO_WINDOW_MS = 30_000;
const MAX_TRACKED = 100_000;

export interface IngestOptions {
  /** Flush after this many points, or after `batchDelayMs`, whichever comes first. */
  batchSize?: number;
  batchDelayMs?: number;
  /** Batches written at once (default `WRITE_CONCURRENCY`). */
  concurrency?: number;
}
/**
 * Two batches are written at once: while one waits for its commit the next is parsed and inserted (the
 * telemetry store orders its rows so concurrent writes do not deadlock).
 */
const WRITE_CONCURRENCY = 2;

/**
 * How values are batched on each database. PostgreSQL: as the defaults say. PGlite runs one statement at a
 * time inside this process, so a second batch in flight only queues, and each batch costs about 7 ms whatever
 * its size (its insert and its webhook-target read): with batches 5 ms apart, a fleet's 600 values a second
 * kept the process's one core busy (`npm run bench:fleet`, embedded). One batch at a time, gathered for 25 ms,
 * writes the same values in a fraction of the statements.
 */
export function ingestOptionsFor(kind: 'pglite' | 'postgres'): IngestOptions {
  return kind === 'pglite' ? { batchDelayMs: 25, concurrency: 1 } : {};
}

/**
 * Values from devices (`/a/t/{thing}/e/o`) and writes from applications (`/a/t/{thing}/e/i`): decoded against
 * the thing's properties by sketch variable name, checked against each property's type, and stored through the
 * telemetry store in batches. The returned promise settles once the batch is committed (the broker
 * acknowledges only then). Refused values are counted per device and never stored.
 */
export function createIngest(deps: {
  things: ThingCache;
  /** The telemetry store (only its `write` is used here). */
  telemetry: { write(points: TelemetryPoint[]): Promise<unknown> };
  rejections: Rejections;
  events?: EventBus;
  logger: FastifyBaseLogger;
  options?: IngestOptions;
}) {
  const listeners = new Set<(values: StoredValue[]) => void>();
  const pendingEchoes = new Map<string, { json: string; until: number }>();
  const lastServerTime = new Map<string, number>();
  const commits = createCommitListeners();
  let zeroFilled = 0;
  const batcher = createBatcher<TelemetryPoint>(
    async (points) => {
      const started = performance.now();
      await deps.telemetry.write(dedupe(points));
      commits.emit((performance.now() - started) / 1000, points.length);
    },
    {
      maxItems: deps.options?.batchSize ?? 500,
      maxDelayMs: deps.options?.batchDelayMs ?? 5,
      concurrency: deps.options?.concurrency ?? WRITE_CONCURRENCY,
    },
  );

  /** A time for a value the sender did not date: now, but after the previous one of the same property. */
  function serverTime(propertyId: string, now: number): Date {
    const prev = lastServerTime.get(propertyId) ?? 0;
    const ms = now > prev ? now : prev + 1;
    if (lastServerTime.size >= MAX_TRACKED) lastServerTime.clear();
    lastServerTime.set(propertyId, ms);
    return new Date(ms);
  }

  function expectEcho(propertyId: string, value: unknown) {
    if (pendingEchoes.size >= MAX_TRACKED) pendingEchoes.clear();
    pendingEchoes.set(propertyId, { json: JSON.stringify(value), until: Date.now() + ECHO_WINDOW_MS });
  }

  function isEcho(propertyId: string, value: unknown, now: number): boolean {
    const pending = pendingEchoes.get(propertyId);
    if (!pending) return false;
    if (pending.until < now) {
      pendingEchoes.delete(propertyId);
      return false;
    }
    if (pending.json !== JSON.stringify(value)) return false;
    pendingEchoes.delete(propertyId);
    return true;
  }

  async function ingest(
    thingId: string,
    payload: Uint8Array,
    origin: 'device' | 'cloud',
  ): Promise<{ stored: StoredValue[]; errors: { name: string; reason: string }[]; forward: Forward }> {
    let entry = await deps.things.get(thingId);
    if (!entry) return { stored: [], errors: [{ name: '', reason: 'unknown thing' }], forward: null };
    let records: SenmlRecord[];
    try {
      records = decodeSenml(payload);
    } catch (err) {
      const reason = `malformed SenML: ${err instanceof Error ? err.message : String(err)}`;
      return { stored: [], errors: [{ name: '', reason }], forward: null };
    }
    // The timezone properties the library adds to every thing belong to the cloud; a device never reports them.
    records = records.filter((r) => !TIMEZONE_PROPERTIES.has(String(r.name)));
    let decoded = recordsToValues(records, typesOf(entry), { valuelessAsZero: true });
    if (decoded.errors.some((e) => e.reason === UNKNOWN)) {
      const fresh = await deps.things.refreshed(thingId, RELOAD_FOR_UNKNOWN_MS);
      if (fresh && fresh !== entry) {
        entry = fresh;
        decoded = recordsToValues(records, typesOf(entry), { valuelessAsZero: true });
      }
    }
    zeroFilled += decoded.zeroFilled;
    const errors = decoded.errors.filter((e) => e.reason !== NO_VALUE);
    const skipped = decoded.errors.length - errors.length;
    const now = Date.now();
    const stored: StoredValue[] = [];
    const points: TelemetryPoint[] = [];
    const kept: { property: PropertyInfo; value: unknown; timeMs?: number }[] = [];
    for (const v of decoded.values) {
      const property = entry.byVariable.get(v.name);
      if (!property) {
        errors.push({ name: v.name, reason: UNKNOWN });
        continue;
      }
      const problem = checkValue(property.type, v.value);
      if (problem) {
        errors.push({ name: v.name, reason: problem });
        continue;
      }
      if (v.timeMs !== undefined && v.timeMs > now + MAX_CLOCK_AHEAD_MS) {
        errors.push({ name: v.name, reason: 'time in the future' });
        continue;
      }
      const dated = v.timeMs !== undefined && v.timeMs > 0;
      const at = dated ? new Date(v.timeMs as number) : serverTime(property.id, now);
      const echo = origin === 'device' && isEcho(property.id, v.value, now);
      stored.push({ thing: entry.thing, property, value: v.value, at, origin: echo ? 'echo' : origin });
      points.push({
        propertyId: property.id,
        at,
        value: v.value,
        num: numericReading(property.type, v.value),
      });
      kept.push({ property, value: v.value, ...(dated && { timeMs: v.timeMs }) });
    }
    await batcher.add(points);
    let forward: Forward = 'as-is';
    // A cleaned copy when something was left out, or when a valueless record now carries its zero.
    if (errors.length > 0 || skipped > 0 || decoded.zeroFilled > 0) {
      forward =
        kept.length === 0
          ? null
          : encodeSenml(
              kept.flatMap((k) => valueToRecords(k.property.variable, k.property.type, k.value, k.timeMs)),
            );
    }
    return { stored, errors, forward };
  }

  function announce(stored: StoredValue[]) {
    if (stored.length === 0) return;
    const live = iotEvents(deps.events);
    for (const s of stored) {
      live.propertyValue(
        s.thing.space,
        { thingId: s.thing.id, id: s.property.id, name: s.property.name },
        s.value,
        s.at,
        s.origin,
      );
    }
    for (const listener of listeners) {
      try {
        listener(stored);
      } catch (err) {
        deps.logger.error({ err }, 'value listener failed');
      }
    }
  }

  return {
    /** Valueless records stored as their type's zero value since start (arduino-iot-js 0.13's 0 and false). */
    zeroFilledValues: () => zeroFilled,

    /** A device's values on its thing's `e/o`. */
    async fromDevice(
      deviceId: string,
      thingId: string,
      topic: string,
      payload: Uint8Array,
    ): Promise<Forward> {
      const result = await ingest(thingId, payload, 'device');
      if (result.errors.length > 0) await deps.rejections.record(deviceId, topic, result.errors);
      announce(result.stored);
      return result.forward;
    },

    /** An application's write on a thing's `e/i`: stored, then passed on to the device. */
    async fromApplication(userId: string, thingId: string, payload: Uint8Array): Promise<Forward> {
      const result = await ingest(thingId, payload, 'cloud');
      if (result.errors.length > 0) {
        deps.logger.debug({ userId, thingId, errors: result.errors }, 'application write partly refused');
      }
      for (const s of result.stored) expectEcho(s.property.id, s.value);
      announce(result.stored);
      return result.forward;
    },

    /** The cloud wrote this value to a device: the same value coming back soon is its echo. */
    expectEcho,

    /** Called with every batch of stored values (triggers, for instance, skip echoes). */
    onValues(listener: (values: StoredValue[]) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Hears how long each committed batch's write took (seconds) and its points (`/metrics`). */
    onCommit: commits.add,

    /** Points waiting for their batch (bounded: each publisher waits for its commit before sending more). */
    get pending() {
      return batcher.pending;
    },

    drain: () => batcher.drain(),
  };
}
export type Ingest = ReturnType<typeof createIngest>;

/** The store is idempotent on (property, time) across batches; within one insert a repeat must not appear. */
function dedupe(points: TelemetryPoint[]): TelemetryPoint[] {
  const seen = new Set<string>();
  const out: TelemetryPoint[] = [];
  for (const p of points) {
    const key = `${p.propertyId}@${p.at.getTime()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out;
}

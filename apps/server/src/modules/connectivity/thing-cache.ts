import type { EventBus, SpaceKey } from '../live/live-event.ts';
import { spaceKeyString } from '../live/live-event.ts';
import { coalesceReads } from './coalesced-reads.ts';
import type { ConnectivityRepository, PropertyInfo, ThingInfo } from './connectivity.repository.ts';

/**
 * How long a thing and its properties are trusted at most before they are read again: a safety net for a
 * change whose live event was lost (the bus between processes is QoS 0). Far longer than a device's send
 * interval (a fleet board sends every few seconds to minutes), or nearly every message would read the
 * database. Each entry gets a random extra of up to the same again, so a fleet loaded at once does not expire
 * at once.
 */
export const THING_CACHE_MS = 5 * 60_000;
const MAX_THINGS = 20_000;
/** How long a thing's read waits for others to join it (as ingest's writes wait 5 ms). */
const THING_READ_WAIT_MS = 5;
/**
 * Things one read carries at most. PGlite answers a statement in this process's thread: a read of 996 things
 * held it (and the event loop) for 200 ms as a fleet's first values arrived (`npm run bench:fleet`).
 */
export const THING_READ_MAX_KEYS = 250;

export interface ThingEntry {
  thing: ThingInfo;
  properties: PropertyInfo[];
  /** Properties by the name devices use for them (the sketch variable). */
  byVariable: Map<string, PropertyInfo>;
  loadedAt: number;
}

interface Cached {
  until: number;
  value: Promise<ThingEntry | null>;
  /** The device the thing named when read (a device's change forgets the things it drove). */
  deviceId?: string | null;
}

/**
 * Things and their properties as ingest needs them, read once and then kept until they change. Every change
 * the API makes to a thing (its properties, timezone, device binding, deletion) is announced on the live bus
 * as `things.updated` (a device's own change as `devices.updated`), in this process and, over the broker, in
 * every other: the cache listens to the spaces of the things it holds and forgets what changed, so the next
 * message reads it again. `ttlMs` bounds how long a change whose event was lost goes unseen.
 */
export function createThingCache(
  repo: ConnectivityRepository,
  opts: { events?: EventBus; ttlMs?: number; now?: () => number } = {},
) {
  const ttlMs = opts.ttlMs ?? THING_CACHE_MS;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Cached>();
  /** The spaces listened to, by space key string: their unsubscribe, and when listening began. */
  const spaces = new Map<string, { unsubscribe: () => void; since: number }>();
  /** Orders reads and subscriptions: a read begun before its space was listened to may have missed a change. */
  let sequence = 0;

  function forgetDevice(deviceId: string) {
    for (const [thingId, cached] of entries) if (cached.deviceId === deviceId) entries.delete(thingId);
  }

  /** Listens to the space's changes from now on; returns when it began. */
  function listen(space: SpaceKey): number {
    const key = spaceKeyString(space);
    const known = spaces.get(key);
    if (known) return known.since;
    if (!opts.events) return 0;
    sequence += 1;
    const unsubscribe = opts.events.subscribe(space, (event) => {
      if (event.type === 'things.updated') entries.delete(event.data.thing_id);
      else if (event.type === 'devices.updated') forgetDevice(event.data.device_id);
    });
    spaces.set(key, { unsubscribe, since: sequence });
    return sequence;
  }

  function clear() {
    entries.clear();
    for (const { unsubscribe } of spaces.values()) unsubscribe();
    spaces.clear();
  }

  // The things (and properties) of the devices sending their first message at the same moment are read in one
  // statement each: a fleet that just connected sends 1,000 first messages a second, two reads each.
  const reads = { waitMs: THING_READ_WAIT_MS, maxKeys: THING_READ_MAX_KEYS };
  const readThing = coalesceReads((ids) => repo.things(ids), reads);
  const readProperties = coalesceReads((ids) => repo.propertiesOfThings(ids), reads);

  async function load(thingId: string): Promise<ThingEntry | null> {
    const [thing, properties = []] = await Promise.all([readThing(thingId), readProperties(thingId)]);
    if (!thing) return null;
    return {
      thing,
      properties,
      byVariable: new Map(properties.map((p) => [p.variable, p])),
      loadedAt: now(),
    };
  }

  return {
    get(thingId: string): Promise<ThingEntry | null> {
      const hit = entries.get(thingId);
      if (hit && hit.until > now()) return hit.value;
      if (entries.size >= MAX_THINGS) clear();
      sequence += 1;
      const started = sequence;
      const value = load(thingId);
      const cached: Cached = { until: now() + ttlMs + Math.floor(Math.random() * ttlMs), value };
      entries.set(thingId, cached);
      value.then(
        (entry) => {
          if (!entry) return;
          cached.deviceId = entry.thing.deviceId;
          // The entry is in the map from the start of its read, so a change announced during the read forgets
          // it. Unless its space was not listened to yet when the read began: then it serves the messages
          // waiting for it and the next one reads again.
          if (listen(entry.thing.space) > started) cached.until = 0;
        },
        // A failed read is not remembered.
        () => {
          if (entries.get(thingId) === cached) entries.delete(thingId);
        },
      );
      return value;
    },

    /**
     * The entry, read again when it was loaded more than `olderThanMs` ago: a name the cached list lacks may
     * belong to a property added a moment ago (and its event not arrived yet).
     */
    async refreshed(thingId: string, olderThanMs: number): Promise<ThingEntry | null> {
      const current = await this.get(thingId);
      if (current && now() - current.loadedAt <= olderThanMs) return current;
      entries.delete(thingId);
      return this.get(thingId);
    },

    /** Forgets one thing, or everything (and stops listening: a new bus is listened to from then on). */
    forget(thingId?: string) {
      if (thingId) entries.delete(thingId);
      else clear();
    },

    /** Things held (tests). */
    get size() {
      return entries.size;
    },
  };
}
export type ThingCache = ReturnType<typeof createThingCache>;

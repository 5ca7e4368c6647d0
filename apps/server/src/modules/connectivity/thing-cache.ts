import type { ConnectivityRepository, PropertyInfo, ThingInfo } from './connectivity.repository.ts';

/** How long a thing and its properties are trusted before they are read again. */
const THING_CACHE_MS = 5_000;
const MAX_THINGS = 20_000;

export interface ThingEntry {
  thing: ThingInfo;
  properties: PropertyInfo[];
  /** Properties by the name devices use for them (the sketch variable). */
  byVariable: Map<string, PropertyInfo>;
  loadedAt: number;
}

/**
 * Things and their properties as ingest needs them, read once per few seconds rather than per message.
 * Property edits made through the API show up within THING_CACHE_MS, or at once in this process (`forget`).
 */
export function createThingCache(repo: ConnectivityRepository) {
  const entries = new Map<string, { until: number; value: Promise<ThingEntry | null> }>();

  async function load(thingId: string): Promise<ThingEntry | null> {
    const thing = await repo.thing(thingId);
    if (!thing) return null;
    const properties = await repo.properties(thingId);
    return {
      thing,
      properties,
      byVariable: new Map(properties.map((p) => [p.variable, p])),
      loadedAt: Date.now(),
    };
  }

  return {
    get(thingId: string): Promise<ThingEntry | null> {
      const hit = entries.get(thingId);
      if (hit && hit.until > Date.now()) return hit.value;
      if (entries.size >= MAX_THINGS) entries.clear();
      const value = load(thingId);
      entries.set(thingId, { until: Date.now() + THING_CACHE_MS, value });
      // A failed read is not remembered.
      value.catch(() => entries.delete(thingId));
      return value;
    },

    /**
     * The entry, read again when it was loaded more than `olderThanMs` ago: a name the cached list lacks may
     * belong to a property added a moment ago.
     */
    async refreshed(thingId: string, olderThanMs: number): Promise<ThingEntry | null> {
      const current = await this.get(thingId);
      if (current && Date.now() - current.loadedAt <= olderThanMs) return current;
      entries.delete(thingId);
      return this.get(thingId);
    },

    forget(thingId?: string) {
      if (thingId) entries.delete(thingId);
      else entries.clear();
    },
  };
}
export type ThingCache = ReturnType<typeof createThingCache>;

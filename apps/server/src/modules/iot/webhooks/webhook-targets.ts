import type { EventBus, SpaceKey } from '../../live/live-event.ts';
import { spaceKeyOf, spaceKeyString } from '../../live/live-event.ts';
import type { PropertyHook, WebhookTarget } from './webhooks.repository.ts';

/**
 * How long a property's webhook target is trusted when the live bus tells of changes: a safety net for a lost
 * event (the bus between processes is QoS 0), as long as the thing cache's. A fleet's devices each send a
 * value every few seconds to minutes, so a shorter one would read the targets for nearly every batch (a tenth
 * of the embedded server's CPU with 10,000 devices, `npm run bench:fleet`). Each entry gets a random extra of
 * up to the same again, so what was read together does not expire together.
 */
export const WEBHOOK_TARGET_CACHE_MS = 5 * 60_000;
/** Without a bus no change is heard: then a target is trusted this long. */
export const UNHEARD_TARGET_MS = 2_000;
const MAX_PROPERTIES = 20_000;

interface Cached {
  target: WebhookTarget | null;
  /** The property's thing, whose `things.updated` forgets it; null for a property no longer there. */
  thingId: string | null;
  until: number;
}

/**
 * Which stored values a thing webhook wants, remembered per property. Every API change to a thing (its
 * webhook address or switch, its properties, its deletion) is announced on the live bus as `things.updated`,
 * in this process and over the broker in every other: the cache listens to the spaces of the values it saw and
 * forgets that thing's properties, so the next value reads them again.
 */
export function createWebhookTargets(opts: {
  read: (propertyIds: string[]) => Promise<PropertyHook[]>;
  events?: EventBus;
  now?: () => number;
}) {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Cached>();
  const spaces = new Map<string, () => void>();
  /** Thing changes heard so far: a read during which one was heard is used once, not kept. */
  let heard = 0;

  function listen(space: SpaceKey) {
    const key = spaceKeyString(space);
    if (!opts.events || spaces.has(key)) return;
    spaces.set(
      key,
      opts.events.subscribe(space, (event) => {
        if (event.type !== 'things.updated') return;
        heard += 1;
        for (const [propertyId, cached] of entries)
          if (cached.thingId === event.data.thing_id) entries.delete(propertyId);
      }),
    );
  }

  function close() {
    entries.clear();
    for (const unsubscribe of spaces.values()) unsubscribe();
    spaces.clear();
  }

  function keepFor() {
    if (!opts.events) return UNHEARD_TARGET_MS;
    return WEBHOOK_TARGET_CACHE_MS + Math.floor(Math.random() * WEBHOOK_TARGET_CACHE_MS);
  }

  return {
    /** The targets of these values' properties (only the hooked ones), read for those not remembered. */
    async of(values: { space: SpaceKey; propertyId: string }[]): Promise<Map<string, WebhookTarget>> {
      // Listening begins before the read, so a change committed after the read began is heard.
      for (const v of values) listen(spaceKeyOf(v.space));
      const ids = [...new Set(values.map((v) => v.propertyId))];
      const start = now();
      const missing = ids.filter((id) => (entries.get(id)?.until ?? 0) <= start);
      const fresh = new Map<string, Cached>();
      if (missing.length > 0) {
        const before = heard;
        const found = new Map((await opts.read(missing)).map((p) => [p.propertyId, p]));
        const until = heard === before ? now() + keepFor() : 0;
        if (entries.size + missing.length > MAX_PROPERTIES) close();
        for (const id of missing) {
          const p = found.get(id);
          const cached: Cached = { target: p?.hooked ? p : null, thingId: p?.thingId ?? null, until };
          fresh.set(id, cached);
          if (until > 0) entries.set(id, cached);
          else entries.delete(id);
        }
      }
      const targets = new Map<string, WebhookTarget>();
      for (const id of ids) {
        const target = (fresh.get(id) ?? entries.get(id))?.target;
        if (target) targets.set(id, target);
      }
      return targets;
    },

    /** Forgets everything and stops listening. */
    close,

    /** Properties remembered (tests). */
    get size() {
      return entries.size;
    },
  };
}
export type WebhookTargets = ReturnType<typeof createWebhookTargets>;

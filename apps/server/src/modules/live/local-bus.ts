import type { FastifyBaseLogger } from 'fastify';
import { type EventBus, type LiveEvent, type LiveEventHandler, spaceKeyString } from './live-event.ts';

/**
 * The event bus inside one process: handlers of the event's space are called synchronously, in subscription
 * order; a handler that throws is logged and does not stop the others.
 */
export function createLocalBus(opts: { logger?: Pick<FastifyBaseLogger, 'warn'> } = {}): EventBus & {
  /** Number of spaces with at least one handler (for tests and health figures). */
  spaceCount(): number;
} {
  const handlers = new Map<string, Set<LiveEventHandler>>();
  return {
    publish(event: LiveEvent) {
      const set = handlers.get(spaceKeyString(event.space));
      if (!set) return;
      for (const handler of [...set]) {
        try {
          handler(event);
        } catch (err) {
          opts.logger?.warn({ err, type: event.type }, 'a live event handler failed');
        }
      }
    },
    subscribe(space, handler) {
      const key = spaceKeyString(space);
      let set = handlers.get(key);
      if (!set) {
        set = new Set();
        handlers.set(key, set);
      }
      // Wrapped so one function subscribed twice is two subscriptions, each removed on its own.
      const entry: LiveEventHandler = (event) => handler(event);
      set.add(entry);
      return () => {
        set.delete(entry);
        if (set.size === 0 && handlers.get(key) === set) handlers.delete(key);
      };
    },
    spaceCount: () => handlers.size,
  };
}

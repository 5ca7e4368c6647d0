import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  type EventBus,
  LIVE_TOPIC_FILTER,
  type LiveEvent,
  type LiveTransport,
  type SpaceKey,
  spaceTopic,
} from './live-event.ts';
import { createLocalBus } from './local-bus.ts';
import { decodeWire, encodeWireBatch } from './wire.ts';

interface MqttBusStats {
  /** Events received from other processes and delivered here. */
  received: number;
  /** Messages on live topics refused (malformed, oversized, space not matching the topic). */
  rejected: number;
  /** Messages sent to the broker (a batch counts once). */
  sent: number;
}

/**
 * The event bus across server processes: an event is delivered to this process's handlers at once and sent
 * to the broker on its space's topic (`$tc/live/{organization id | user:{owner}}`). Events published in the same
 * turn of the event loop (device ingest announces a whole committed batch at once) leave as one message per
 * space. Events from other processes arrive through one wildcard subscription, are validated, and are
 * delivered here one by one. The transports do not hand a process its own messages back (MQTT 5 No Local,
 * or the embedded broker's equivalent); over a broker that does, they are recognised by the bus id they
 * carry and skipped.
 */
export function createMqttBus(
  transport: LiveTransport,
  opts: { logger?: Pick<FastifyBaseLogger, 'warn'> } = {},
): EventBus & { readonly id: string; stats(): MqttBusStats } {
  const id = randomUUID();
  const local = createLocalBus(opts);
  const stats: MqttBusStats = { received: 0, rejected: 0, sent: 0 };
  // Keyed by topic and owner: in an organisation the owner is whoever caused the event, and a batch names one.
  const outbox = new Map<string, { topic: string; space: SpaceKey; events: LiveEvent[] }>();
  let scheduled = false;

  function flush() {
    scheduled = false;
    for (const { topic, space, events } of outbox.values()) {
      try {
        for (const payload of encodeWireBatch(id, space, events)) {
          transport.publish(topic, payload);
          stats.sent += 1;
        }
      } catch (err) {
        opts.logger?.warn({ err, topic }, 'could not send live events to the broker');
      }
    }
    outbox.clear();
  }
  let lastWarning = 0;

  transport.subscribe(LIVE_TOPIC_FILTER, (topic, payload) => {
    const result = decodeWire(topic, payload);
    if (!result.ok) {
      stats.rejected += 1;
      // One line a minute at most: a misbehaving publisher must not flood the log.
      if (Date.now() - lastWarning > 60_000) {
        lastWarning = Date.now();
        opts.logger?.warn({ topic, reason: result.reason }, 'refused a live event from the broker');
      }
      return;
    }
    if (result.origin === id) return;
    for (const event of result.events) {
      stats.received += 1;
      local.publish(event);
    }
  });

  return {
    id,
    publish(event) {
      local.publish(event);
      const topic = spaceTopic(event.space);
      const key = `${topic} ${event.space.ownerUserId}`;
      const queued = outbox.get(key);
      if (queued) queued.events.push(event);
      else outbox.set(key, { topic, space: event.space, events: [event] });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    subscribe: local.subscribe,
    stats: () => ({ ...stats }),
  };
}

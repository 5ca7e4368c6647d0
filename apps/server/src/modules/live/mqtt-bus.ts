import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type EventBus, LIVE_TOPIC_FILTER, type LiveTransport, spaceTopic } from './live-event.ts';
import { createLocalBus } from './local-bus.ts';
import { decodeWire, encodeWire } from './wire.ts';

export interface MqttBusStats {
  /** Events received from other processes and delivered here. */
  received: number;
  /** Messages on live topics refused (malformed, oversized, space not matching the topic). */
  rejected: number;
}

/**
 * The event bus across server processes: an event is delivered to this process's handlers at once and sent
 * to the broker on its space's topic (`$tc/live/{organization id | user:{owner}}`); events from other
 * processes arrive through one wildcard subscription, are validated, and are delivered here. Our own
 * messages coming back from the broker are recognised by the bus id they carry and skipped.
 */
export function createMqttBus(
  transport: LiveTransport,
  opts: { logger?: Pick<FastifyBaseLogger, 'warn'> } = {},
): EventBus & { readonly id: string; stats(): MqttBusStats } {
  const id = randomUUID();
  const local = createLocalBus(opts);
  const stats: MqttBusStats = { received: 0, rejected: 0 };
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
    stats.received += 1;
    local.publish(result.event);
  });

  return {
    id,
    publish(event) {
      local.publish(event);
      try {
        transport.publish(spaceTopic(event.space), encodeWire(id, event));
      } catch (err) {
        opts.logger?.warn({ err, type: event.type }, 'could not send a live event to the broker');
      }
    },
    subscribe: local.subscribe,
    stats: () => ({ ...stats }),
  };
}

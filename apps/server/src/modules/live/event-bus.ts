import type { FastifyBaseLogger } from 'fastify';
import type { EventBus, LiveTransport } from './live-event.ts';
import { createLocalBus } from './local-bus.ts';
import { createMqttBus } from './mqtt-bus.ts';

/**
 * The bus a server process uses: over the broker when the connectivity module gives a transport (so every
 * process sees every event), in this process only otherwise.
 */
export function createEventBus(
  opts: { transport?: LiveTransport; logger?: FastifyBaseLogger } = {},
): EventBus {
  return opts.transport ? createMqttBus(opts.transport, opts) : createLocalBus(opts);
}

import { topicMatches } from '@tinkercloud/device-protocol';
import { endConnection } from '@tinkercloud/device-protocol/simulator';
import type { FastifyBaseLogger } from 'fastify';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import type { LiveTransport } from '../live/live-event.ts';
import { interceptOutgoingPackets } from './mqtt-outgoing-packets.ts';

/** Every server process subscribes in this group, so the broker hands each message to one of them. */
export const SHARED_GROUP = 'tinkercloud';
/** Topics between server processes (devices may not subscribe: the dynamic-security default denies it). */
const EXTERNAL_INTERNAL_PREFIX = 'tinkercloud/internal/';
/** How long the broker keeps this process's session (and the messages it has not acknowledged) while away. */
const SESSION_EXPIRY_S = 24 * 3600;
/** How long closing waits for the broker to acknowledge what this process still has in flight. */
const CLOSE_GRACE_MS = 5000;
/**
 * At most this many unacknowledged messages in flight to us: what bounds memory when the database is slow.
 * Asked of the broker as its receive maximum, and enforced here too (Mosquitto 2.0 ignores that maximum):
 * beyond it this client stops reading its socket until commits let acknowledgements out.
 */
const MAX_IN_FLIGHT = 5_000;

/** An MQTT 5 user property on every publish of ours, so our own cloud writes on `e/i` are not taken as new. */
const ORIGIN_PROPERTY = 'tc-origin';

export interface ExternalMessage {
  topic: string;
  payload: Buffer;
  /** Published by a server process (ours carry ORIGIN_PROPERTY). */
  fromServer: boolean;
}

/**
 * The server as a privileged MQTT 5 client of an external broker (Mosquitto). It keeps a persistent session
 * (clean start off, session expiry) and acknowledges each QoS 1 message only once `onMessage` resolved true
 * (its values committed); a false or failed result leaves it unacknowledged and reconnects, so the broker
 * delivers it again. mqtt.js acknowledges as soon as a message is handled and handles one at a time, so the
 * PUBACK is held back at the packet writer instead, which lets the next messages in while a batch commits.
 */
export function createExternalBroker(deps: {
  url: string;
  logger: FastifyBaseLogger;
  /** Stable per process, so a restarted process finds its session (and its unacknowledged messages) again. */
  clientId: string;
  subscriptions: string[];
  onMessage: (message: ExternalMessage) => Promise<boolean>;
  /** Messages received and not yet acknowledged, at most (default `MAX_IN_FLIGHT`). */
  maxInFlight?: number;
}) {
  const { logger } = deps;
  const { clientId } = deps;
  const maxInFlight = Math.max(1, deps.maxInFlight ?? MAX_IN_FLIGHT);
  const internal = new Map<string, (topic: string, payload: Buffer) => void>();
  const options: IClientOptions = {
    protocolVersion: 5,
    clientId,
    clean: false,
    reconnectPeriod: 1_000,
    connectTimeout: 10_000,
    properties: { sessionExpiryInterval: SESSION_EXPIRY_S, receiveMaximum: maxInFlight },
    resubscribe: true,
  };
  const client: MqttClient = connect(deps.url, options);
  const pending = new Map<number, Promise<boolean>>();
  let closing = false;
  // Received QoS 1 messages whose PUBACK has not gone out, and the packet reader's continuations held back
  // while there are too many: mqtt.js parses the next packet only once the previous one's PUBACK is "sent".
  const flow = { inFlight: 0, peak: 0 };
  const held: (() => void)[] = [];
  const settle = () => {
    flow.inFlight -= 1;
    while (held.length > 0 && flow.inFlight < maxInFlight) held.shift()?.();
  };

  interceptOutgoingPackets(client, ({ packet, send, written }) => {
    const committed =
      packet.cmd === 'puback' && packet.messageId !== undefined ? pending.get(packet.messageId) : undefined;
    if (!committed || packet.messageId === undefined) return send(written);
    pending.delete(packet.messageId);
    const stream = client.stream;
    void committed.then((ok) => {
      if (ok && client.stream === stream && client.connected) send();
      else if (!ok && client.stream === stream && !closing) {
        // Not stored: drop the connection so the broker delivers it again on the same session.
        logger.warn('a message could not be stored; reconnecting to receive it again');
        client.stream.destroy();
      }
      settle();
    });
    if (!written) return;
    if (flow.inFlight < maxInFlight) written();
    else held.push(written);
  });

  // mqtt.js counts only acknowledgements and PINGRESP as signs of life, but a subscriber mostly receives
  // PUBLISH; and while the reader is held back above, a PINGRESP can sit behind a long backlog. Any packet read
  // proves the connection alive (at most once a second, to spare the timer).
  let lifeSignAt = 0;
  client.on('packetreceive', () => {
    const now = Date.now();
    if (now - lifeSignAt < 1_000) return;
    lifeSignAt = now;
    client.reschedulePing(true);
  });

  client.on('message', (topic, payload, packet) => {
    const prefix = internalHandler(topic);
    if (prefix) {
      prefix(topic.slice(EXTERNAL_INTERNAL_PREFIX.length), payload);
      return;
    }
    const fromServer = packet.properties?.userProperties?.[ORIGIN_PROPERTY] !== undefined;
    const done = deps.onMessage({ topic, payload, fromServer }).catch((err: unknown) => {
      logger.error({ err, topic }, 'MQTT message not handled');
      return false;
    });
    if (packet.qos > 0 && packet.messageId !== undefined) {
      pending.set(packet.messageId, done);
      flow.inFlight += 1;
      flow.peak = Math.max(flow.peak, flow.inFlight);
    }
  });

  function internalHandler(topic: string) {
    if (!topic.startsWith(EXTERNAL_INTERNAL_PREFIX)) return undefined;
    for (const [filter, handler] of internal) if (topicMatches(filter, topic)) return handler;
    return undefined;
  }

  let subscribed = false;
  client.on('connect', (connack) => {
    logger.info({ clientId, sessionPresent: connack.sessionPresent }, 'connected to the MQTT broker');
    if (connack.sessionPresent && subscribed) return;
    client.subscribe(
      Object.fromEntries(deps.subscriptions.map((topic) => [topic, { qos: 1 as const }])),
      (err, granted) => {
        const refused = (granted ?? []).filter((g) => g.qos > 2).map((g) => g.topic);
        if (err || refused.length > 0) logger.error({ err, refused }, 'MQTT subscriptions refused');
        else subscribed = true;
      },
    );
  });
  client.on('error', (err) => logger.warn({ err }, 'MQTT broker connection error'));
  client.on('offline', () => logger.warn('the MQTT broker is unreachable; retrying'));

  return {
    clientId,
    client,

    /** Resolves once connected the first time (rejects on a refused login). */
    ready(): Promise<void> {
      if (client.connected) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const onConnect = () => {
          client.off('error', onError);
          resolve();
        };
        const onError = (err: Error) => {
          if ((err as { code?: number }).code === undefined) return;
          client.off('connect', onConnect);
          reject(err);
        };
        client.once('connect', onConnect);
        client.on('error', onError);
      });
    },

    publish(topic: string, payload: Uint8Array, opts: { retain?: boolean } = {}): Promise<void> {
      return client
        .publishAsync(topic, Buffer.from(payload), {
          qos: 1,
          retain: opts.retain ?? false,
          properties: { userProperties: { [ORIGIN_PROPERTY]: clientId } },
        })
        .then(() => undefined);
    },

    transport: {
      publish(topic, payload) {
        client.publish(EXTERNAL_INTERNAL_PREFIX + topic, payload, { qos: 0 });
      },
      subscribe(topic, handler) {
        internal.set(EXTERNAL_INTERNAL_PREFIX + topic, handler);
        // No Local: this process delivers its own events itself; the broker need not send them back.
        client.subscribe(EXTERNAL_INTERNAL_PREFIX + topic, { qos: 0, nl: true });
      },
    } satisfies LiveTransport,

    /** Messages received and not yet acknowledged: now, and the most there ever were. */
    flow: () => ({ ...flow }),

    async health(): Promise<void> {
      if (!client.connected) throw new Error('not connected to the MQTT broker');
    },

    /**
     * Leaves the shared subscriptions first: the broker would otherwise keep handing this (persistent) session
     * its share of the messages while it is gone. Then `drain` lets the last acknowledgements out.
     */
    async close(drain: () => Promise<void> = async () => undefined): Promise<void> {
      closing = true;
      if (client.connected) {
        await client.unsubscribeAsync(deps.subscriptions).catch(() => undefined);
      }
      await drain();
      await Promise.allSettled([...pending.values()]);
      await endConnection(client, CLOSE_GRACE_MS);
    },
  };
}

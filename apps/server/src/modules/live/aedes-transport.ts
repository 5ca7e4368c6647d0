import type { Aedes } from 'aedes';
import type { LiveTransport } from './live-event.ts';

/**
 * A live transport on an Aedes broker running in this process (the embedded broker): publishes and
 * subscribes through the broker's own API, no network client. Other processes reach the same events with an
 * MQTT client connected to this broker. Like MQTT 5 No Local, its own messages are not handed back to its
 * subscriptions (Aedes passes the payload through by reference, which is how they are recognised).
 */
export function aedesTransport(broker: Aedes): LiveTransport {
  const own = new WeakSet<object>();
  return {
    publish(topic, payload) {
      own.add(payload);
      broker.publish({ cmd: 'publish', topic, payload, qos: 0, retain: false, dup: false }, () => undefined);
    },
    subscribe(filter, handler) {
      broker.subscribe(
        filter,
        (packet, done) => {
          const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
          try {
            if (own.has(packet.payload as object)) return;
            handler(packet.topic, payload);
          } finally {
            done();
          }
        },
        () => undefined,
      );
    },
  };
}

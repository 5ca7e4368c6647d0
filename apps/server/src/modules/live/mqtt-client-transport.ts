import { topicMatches } from '@tinkercloud/device-protocol';
import type { MqttClient } from 'mqtt';
import type { LiveTransport } from './live-event.ts';

/**
 * A live transport over an mqtt.js client (an external broker, or a test's): QoS 0, since a lost live event
 * is repaired by the next value or the next snapshot. Subscriptions are renewed by mqtt.js after a reconnect
 * (its `resubscribe` default). The subscription asks for No Local: over MQTT 5 the broker does not send this
 * client its own messages back (MQTT 3.1.1 has no such option; the bus then skips them itself).
 */
export function mqttClientTransport(client: MqttClient): LiveTransport {
  const routes: { filter: string; handler: (topic: string, payload: Buffer) => void }[] = [];
  client.on('message', (topic, payload) => {
    for (const r of routes) if (topicMatches(r.filter, topic)) r.handler(topic, payload);
  });
  return {
    publish(topic, payload) {
      client.publish(topic, payload, { qos: 0 });
    },
    subscribe(filter, handler) {
      routes.push({ filter, handler });
      client.subscribe(filter, { qos: 0, nl: true });
    },
  };
}

import type { MqttClient } from 'mqtt';

/**
 * Ends an MQTT connection with a DISCONNECT once what is in flight is acknowledged. mqtt.js's own graceful end
 * waits for those acknowledgements with no bound, and a connection the broker closes meanwhile never brings
 * them: it would wait for ever. So the wait happens here, until they come, the connection closes or `graceMs`
 * pass, and the end is forced when some are still unanswered.
 */
export async function endConnection(client: MqttClient, graceMs: number): Promise<void> {
  const unanswered = () => Object.keys(client.outgoing).length > 0;
  if (client.connected && unanswered()) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        client.off('outgoingEmpty', done);
        client.off('close', done);
        resolve();
      };
      const timer = setTimeout(done, graceMs);
      client.once('outgoingEmpty', done);
      client.once('close', done);
    });
  }
  await client.endAsync(!client.connected || unanswered());
}

// The limit of the broker for `npm run bench:live` (issue 15 item 7): the same devices publish on their things'
// `e/o` at the same rate, and an application connection (user id + access token, as arduino-iot-js logs in)
// subscribed to those topics receives them straight from the broker: publish → subscribe, no ingest, no
// database, no event stream. The live figure is then read as a multiple of this round trip.
import { encodeSenml, valueToRecords } from '@tinkercloud/device-protocol';
import { connectAsync, type MqttClient } from 'mqtt';
import { sendAtRate } from './latency.ts';

export interface RoundTripOptions {
  brokerUrl: string;
  /** The account's user id and an access token of it: the application's credentials. */
  userId: string;
  accessToken: string;
  devices: { client: MqttClient; thingId: string }[];
  rate: number;
  seconds: number;
}

/** Publish → subscribe latencies (ms) of `rate × seconds` messages, one per received message. */
export async function brokerRoundTrip(
  opts: RoundTripOptions,
): Promise<{ sent: number; latencies: number[] }> {
  const app = await connectAsync(opts.brokerUrl, {
    protocolVersion: 4,
    clientId: `${opts.userId}-bench-round-trip`,
    username: opts.userId,
    password: opts.accessToken,
    reconnectPeriod: 0,
  });
  try {
    const topics = [...new Set(opts.devices.map((d) => `/a/t/${d.thingId}/e/o`))];
    const granted = await app.subscribeAsync(topics, { qos: 0 });
    if (granted.some((g) => g.qos === 128))
      throw new Error('the broker refused the application a subscription');
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    app.on('message', (_topic, payload) => {
      const key = payload.toString('base64');
      const at = sentAt.get(key);
      if (at === undefined) return;
      latencies.push(performance.now() - at);
      sentAt.delete(key);
    });
    // Warm-up: one message per device until each came back (the broker decides the subscriptions' rights
    // before it forwards; a first message may not wait for that).
    const warmUntil = Date.now() + 15_000;
    for (let round = 0; ; round += 1) {
      const pending = opts.devices.map((d, i) => {
        const payload = Buffer.from(
          encodeSenml(valueToRecords('seq', 'INT', -20_000_000 - round * 1000 - i)),
        );
        sentAt.set(payload.toString('base64'), performance.now());
        d.client.publish(`/a/t/${d.thingId}/e/o`, payload, { qos: 0 });
        return payload.toString('base64');
      });
      await new Promise((r) => setTimeout(r, 200));
      if (pending.every((key) => !sentAt.has(key))) break;
      if (Date.now() > warmUntil) throw new Error('the application subscription received nothing');
    }
    sentAt.clear();
    latencies.length = 0;

    let sent = 0;
    // Values far below the live case's sequence numbers, so its reader ignores them.
    await sendAtRate(opts.rate, opts.seconds, (seq) => {
      const device = opts.devices[seq % opts.devices.length];
      if (!device) return;
      const payload = Buffer.from(encodeSenml(valueToRecords('seq', 'INT', -10_000_000 - seq)));
      sentAt.set(payload.toString('base64'), performance.now());
      device.client.publish(`/a/t/${device.thingId}/e/o`, payload, { qos: 0 });
      sent += 1;
    });
    const until = Date.now() + 5000;
    while (sentAt.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    return { sent, latencies };
  } finally {
    await app.endAsync(true).catch(() => undefined);
  }
}

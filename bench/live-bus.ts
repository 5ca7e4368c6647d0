// The bus case of `npm run bench:live`: an event published on one server's bus to its arrival on a browser's
// event stream served by another (issue 5 item 9), bus A → broker (embedded Aedes) → bus B → SSE over HTTP,
// without a device or the database. Both "processes" (two apps with their own MQTT clients), the broker and
// the readers share this one Node process and its event loop, so the figures are pessimistic.
import { randomUUID } from 'node:crypto';
import { createMqttBus } from '../apps/server/src/modules/live/mqtt-bus.ts';
import { mqttClientTransport } from '../apps/server/src/modules/live/mqtt-client-transport.ts';
import { connectClient, startAedes } from '../apps/server/src/modules/live/testing/brokers.ts';
import { createTestApp } from '../apps/server/test/app.ts';
import { httpStream } from '../apps/server/test/sse.ts';
import { printLatency, sendAtRate } from './latency.ts';

export async function busCase(opts: { seconds: number; rate: number; streams: number }) {
  const broker = await startAedes();
  const clientA = await connectClient(broker.url);
  const clientB = await connectClient(broker.url);
  const busA = createMqttBus(mqttClientTransport(clientA));
  const busB = createMqttBus(mqttClientTransport(clientB));
  const t = await createTestApp({}, { events: busB, live: { maxStreamsPerUser: opts.streams + 1 } });
  try {
    const user = await t.createUser();
    const space = { organizationId: null, ownerUserId: user.id };
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const headers = { authorization: `Bearer ${await t.tokenFor(user.id)}` };
    const readers = await Promise.all(
      Array.from({ length: opts.streams }, () => httpStream(`${base}/live/v1/events`, headers)),
    );
    for (const r of readers) await r.reader.nextOf('snapshot');

    const thingId = randomUUID();
    const propertyId = randomUUID();
    const publish = (value: unknown) =>
      busA.publish({
        type: 'properties.value',
        space,
        data: {
          thing_id: thingId,
          property_id: propertyId,
          name: 'temp',
          value,
          updated_at: new Date().toISOString(),
        },
      });
    // Until B's subscription is in place at the broker.
    for (let linked = false; !linked; ) {
      publish({ warmup: true });
      linked =
        (await readers[0]?.reader
          .next(100)
          .then(() => true)
          .catch(() => false)) ?? true;
    }
    for (const r of readers) while (r.reader.pending().length > 0) await r.reader.next();

    const total = Math.round(opts.rate * opts.seconds);
    const sentAt = new Float64Array(total);
    const latencies: number[] = [];
    let done = false;
    const consume = async (r: (typeof readers)[number]) => {
      while (!done || r.reader.pending().length > 0) {
        const msg = await r.reader.next(2000).catch(() => null);
        if (!msg) break;
        const seq = (msg.data as { value?: { seq?: number } }).value?.seq;
        if (seq === undefined || !(seq >= 0 && seq < total)) continue;
        latencies.push(performance.now() - (sentAt[seq] as number));
      }
    };
    const consumers = readers.map(consume);
    const elapsed = await sendAtRate(opts.rate, opts.seconds, (seq) => {
      sentAt[seq] = performance.now();
      publish({ seq });
    });
    // Give the last messages time to arrive.
    const expected = total * opts.streams;
    const deadline = Date.now() + 5000;
    while (latencies.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    done = true;
    for (const r of readers) r.close();
    await Promise.all(consumers);
    printLatency(
      `live (bus): bus A → Aedes → bus B → SSE over HTTP, one process, ${opts.streams} reader(s)`,
      { sent: total, elapsed, expected, received: latencies.length, latencies },
      [`bus B: received ${busB.stats().received}, refused ${busB.stats().rejected}`],
    );
  } finally {
    await t.close();
    await clientA.endAsync();
    await clientB.endAsync();
    await broker.close();
  }
}

// Prints the latency from an event published on one server process's bus to its arrival on a browser's event
// stream served by another process (issue 5 item 9): bus A → broker (embedded Aedes) → bus B → SSE over HTTP.
// Both "processes" (two apps with their own MQTT clients), the broker and the readers share this one Node
// process and its event loop, so the figures are pessimistic. Goal: p99 ≤ 50 ms at 1,000 messages/s.
// BENCH_SECONDS (default 10), BENCH_RATE (messages/s, default 1000), BENCH_STREAMS (readers, default 1).
import { randomUUID } from 'node:crypto';
import { createMqttBus } from '../apps/server/src/modules/live/mqtt-bus.ts';
import { mqttClientTransport } from '../apps/server/src/modules/live/mqtt-client-transport.ts';
import { connectClient, startAedes } from '../apps/server/src/modules/live/testing/brokers.ts';
import { createTestApp } from '../apps/server/test/app.ts';
import { httpStream } from '../apps/server/test/sse.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1);
const TICK_MS = 10;
const GOAL_P99_MS = 50;

const broker = await startAedes();
const clientA = await connectClient(broker.url);
const clientB = await connectClient(broker.url);
const busA = createMqttBus(mqttClientTransport(clientA));
const busB = createMqttBus(mqttClientTransport(clientB));
const t = await createTestApp({}, { events: busB, live: { maxStreamsPerUser: STREAMS + 1 } });
try {
  const user = await t.createUser();
  const space = { organizationId: null, ownerUserId: user.id };
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const headers = { authorization: `Bearer ${await t.tokenFor(user.id)}` };
  const readers = await Promise.all(
    Array.from({ length: STREAMS }, () => httpStream(`${base}/live/v1/events`, headers)),
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

  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  let received = 0;
  let done = false;
  const consume = async (r: (typeof readers)[number]) => {
    while (!done || r.reader.pending().length > 0) {
      const msg = await r.reader.next(2000).catch(() => null);
      if (!msg) break;
      const seq = (msg.data as { value?: { seq?: number } }).value?.seq;
      const at = seq === undefined ? undefined : sentAt.get(seq);
      if (at === undefined) continue;
      latencies.push(performance.now() - at);
      received += 1;
    }
  };
  const consumers = readers.map(consume);

  const total = RATE * SECONDS;
  const perTick = Math.max(1, Math.round((RATE * TICK_MS) / 1000));
  let seq = 0;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      // Catch up on the schedule if a tick ran late, so the rate holds.
      const due = Math.min(total, Math.round(((performance.now() - started) / 1000) * RATE) + perTick);
      while (seq < due) {
        sentAt.set(seq, performance.now());
        publish({ seq });
        seq += 1;
      }
      if (seq >= total) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  const elapsed = (performance.now() - started) / 1000;
  // Give the last messages time to arrive.
  const expected = total * STREAMS;
  const deadline = Date.now() + 5000;
  while (received < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  done = true;
  for (const r of readers) r.close();
  await Promise.all(consumers);

  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  const f = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`live: bus A → Aedes → bus B → SSE over HTTP, ${STREAMS} reader(s)`);
  console.log(
    `  sent ${total} events in ${elapsed.toFixed(1)} s (${Math.round(total / elapsed)}/s), received ${received} of ${expected}, lost ${expected - received}`,
  );
  console.log(
    `  latency p50 ${f(pct(50))}  p99 ${f(pct(99))}  max ${f(latencies.at(-1) ?? NaN)}  (goal p99 ≤ ${GOAL_P99_MS} ms)`,
  );
  console.log(`  bus B: received ${busB.stats().received}, refused ${busB.stats().rejected}`);
} finally {
  await t.close();
  await clientA.endAsync();
  await clientB.endAsync();
  await broker.close();
}

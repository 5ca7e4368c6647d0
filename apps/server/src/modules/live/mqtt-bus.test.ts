/**
 * The bus across server processes on a real broker: two mqtt.js clients stand in for two server processes,
 * on an in-process Aedes and (when installed) on a Mosquitto of the test's own.
 */
import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventBus, LiveEvent, LiveTransport, SpaceKey } from './live-event.ts';
import { createMqttBus } from './mqtt-bus.ts';
import { mqttClientTransport } from './mqtt-client-transport.ts';
import {
  connectClient,
  hasMosquitto,
  startAedes,
  startMosquitto,
  type TestBroker,
} from './testing/brokers.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const mine = (): SpaceKey => ({ organizationId: null, ownerUserId: randomUUID() });
const team = (): SpaceKey => ({ organizationId: randomUUID(), ownerUserId: randomUUID() });
const thingUpdated = (space: SpaceKey, id = randomUUID()): LiveEvent => ({
  type: 'things.updated',
  space,
  data: { thing_id: id },
});

async function client(broker: TestBroker): Promise<MqttClient> {
  const c = await connectClient(broker.url);
  // Forced: a graceful end waits with no bound for what is in flight, and the broker may be gone by then.
  cleanups.push(() => c.endAsync(true));
  return c;
}

/** A broker and the buses of two server processes on it, what `a` publishes already reaching `b`. */
async function twoProcesses(start: () => Promise<TestBroker>) {
  const broker = await start();
  cleanups.push(() => broker.close());
  const a = createMqttBus(mqttClientTransport(await client(broker)));
  const b = createMqttBus(mqttClientTransport(await client(broker)));
  await linked(a, b);
  return { broker, a, b };
}

/** Collects what a subscription receives. */
function collect(bus: EventBus, space: SpaceKey) {
  const got: LiveEvent[] = [];
  const off = bus.subscribe(space, (e) => got.push(e));
  cleanups.push(async () => off());
  return got;
}

/** Waits for `check`; the bound is for what never happens, not a speed test (a busy machine is slow). */
async function until(check: () => boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Publishes probes from `from` until `to` hears one: both subscriptions are then in place at the broker. */
async function linked(from: EventBus, to: EventBus) {
  const probe = mine();
  const got = collect(to, probe);
  await until(() => {
    from.publish(thingUpdated(probe));
    return got.length > 0;
  }, 'the two buses to be linked');
}

const valueEvent = (space: SpaceKey, i: number): LiveEvent => ({
  type: 'properties.value',
  space,
  data: {
    thing_id: randomUUID(),
    property_id: randomUUID(),
    name: `p${i}`,
    value: i,
    updated_at: new Date(1_700_000_000_000 + i).toISOString(),
  },
});

const same = (x: LiveEvent, y: LiveEvent) => JSON.stringify(x) === JSON.stringify(y);
/** Lets events queued in this turn (a probe of `linked`) leave first. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Waits for a marker from `from`: what `from` sent before (probes) has then arrived too. */
async function synced(from: EventBus, got: LiveEvent[], space: SpaceKey) {
  const marker = thingUpdated(space);
  from.publish(marker);
  await until(() => got.some((e) => same(e, marker)), 'the sync marker');
}

/** The transport, counting the messages it hands to the bus. */
function counted(transport: LiveTransport) {
  const seen = { messages: 0 };
  return {
    seen,
    transport: {
      publish: transport.publish,
      subscribe(filter, handler) {
        transport.subscribe(filter, (topic, payload) => {
          seen.messages += 1;
          handler(topic, payload);
        });
      },
    } satisfies LiveTransport,
  };
}

const brokers: [string, () => Promise<TestBroker>, boolean][] = [
  ['Aedes', startAedes, true],
  ['Mosquitto', startMosquitto, hasMosquitto()],
];

describe.each(brokers)('the MQTT event bus on %s', (_name, start, available) => {
  it.skipIf(!available)(
    "delivers an event to the other process's subscribers of its space only",
    async () => {
      const { a, b } = await twoProcesses(start);
      await linked(b, a);

      const space = team();
      const elsewhere = team();
      const myCloud: SpaceKey = { organizationId: null, ownerUserId: space.ownerUserId };
      const onA = collect(a, space);
      const onB = collect(b, space);
      const onBElsewhere = collect(b, elsewhere);
      const onBMyCloud = collect(b, myCloud);

      const value: LiveEvent = {
        type: 'properties.value',
        space,
        data: {
          thing_id: randomUUID(),
          property_id: randomUUID(),
          name: 'temperature',
          value: { lat: 1.5, lon: 2 },
          updated_at: new Date().toISOString(),
        },
      };
      a.publish(value);
      // The publisher's own subscribers hear it at once, and only once (its echo from the broker is skipped).
      expect(onA).toEqual([value]);
      await until(() => onB.length === 1, 'the event on B');
      expect(onB).toEqual([value]);
      // A later event of the same space proves nothing else is on its way.
      const marker = thingUpdated(space);
      a.publish(marker);
      await until(() => onB.length === 2, 'the marker on B');
      expect(onA).toEqual([value, marker]);
      expect(onBElsewhere).toEqual([]);
      expect(onBMyCloud).toEqual([]);
      expect(b.stats()).toMatchObject({ rejected: 0 });
    },
  );

  it.skipIf(!available)(
    'refuses malformed messages on live topics and delivers nothing of them',
    async () => {
      const broker = await start();
      cleanups.push(() => broker.close());
      const b = createMqttBus(mqttClientTransport(await client(broker)));
      const intruder = await client(broker);
      const space = mine();
      const topic = `$tc/live/user:${space.ownerUserId}`;
      const got = collect(b, space);
      const wire = (event: unknown) => JSON.stringify({ v: 1, origin: 'elsewhere', ...(event as object) });
      const good = thingUpdated(space);

      // Probe until B's subscription is in place (a valid message from a third client is delivered).
      await until(() => {
        intruder.publish(topic, wire(good));
        return got.length > 0;
      }, 'the subscription');
      // Probes still in flight arrive before this one (one publisher: its messages keep their order).
      const sync = thingUpdated(space);
      intruder.publish(topic, wire(sync));
      await until(() => got.some((e) => JSON.stringify(e) === JSON.stringify(sync)), 'sync');
      got.length = 0;
      const before = b.stats().rejected;

      const otherSpace = mine();
      const bad = [
        'not json',
        JSON.stringify({ type: 'things.updated' }),
        wire({ type: 'things.updated', space, data: { thing_id: 42 } }),
        wire({ type: 'unknown.type', space, data: {} }),
        wire({ type: 'devices.status', space, data: { device_id: 'd', status: 'MAYBE', at: 'now' } }),
        wire({
          type: 'things.updated',
          space: { organizationId: null, ownerUserId: 'not-a-uuid' },
          data: {},
        }),
        // Claims another space than its topic names.
        wire(thingUpdated(otherSpace)),
        // A batch is refused whole when one of its events is malformed, and must hold some.
        wire({
          type: 'batch',
          space,
          events: [
            { type: 'things.updated', data: { thing_id: randomUUID() } },
            { type: 'things.updated', data: { thing_id: 42 } },
          ],
        }),
        wire({ type: 'batch', space, events: [] }),
        wire({
          type: 'batch',
          space: otherSpace,
          events: [{ type: 'things.updated', data: { thing_id: randomUUID() } }],
        }),
        'x'.repeat(300 * 1024),
      ];
      for (const payload of bad) intruder.publish(topic, payload);
      const last = thingUpdated(space);
      intruder.publish(topic, wire(last));
      await until(() => got.length > 0, 'the last valid message');
      expect(got).toEqual([last]);
      expect(b.stats().rejected - before).toBe(bad.length);
    },
  );
});

describe.each(brokers)('batches on %s', (name, start, available) => {
  it.skipIf(!available)(
    'sends a burst of one space as one message; the other process gets each event, in order',
    async () => {
      const { broker, a, b } = await twoProcesses(start);
      await nextTurn();
      const space = team();
      const other = mine();
      const onA = collect(a, space);
      const onB = collect(b, space);
      const onBOther = collect(b, other);
      const before = a.stats().sent;
      const burst = Array.from({ length: 200 }, (_, i) => valueEvent(space, i));
      for (const e of burst) a.publish(e);
      a.publish(thingUpdated(other));
      // Local subscribers hear each event at once.
      expect(onA).toEqual(burst);
      await until(() => onB.length === burst.length && onBOther.length === 1, 'the burst on B');
      expect(onB).toEqual(burst);
      // One message for the space, one for the other space.
      expect(a.stats().sent - before).toBe(2);
      expect(b.stats().rejected).toBe(0);
      if (name === 'Aedes') return;
      // Over MQTT 5 the broker honours No Local: a process is not sent its own messages back.
      const v5 = await mqtt.connectAsync(broker.url, { protocolVersion: 5, reconnectPeriod: 0 });
      cleanups.push(() => v5.endAsync(true));
      const c = counted(mqttClientTransport(v5));
      const busC = createMqttBus(c.transport);
      await linked(busC, a);
      await linked(a, busC);
      const onC = collect(busC, space);
      await synced(a, onC, space);
      const heardBefore = c.seen.messages;
      for (const e of burst) busC.publish(e);
      const marker = thingUpdated(space);
      a.publish(marker);
      await until(() => onC.some((e) => same(e, marker)), 'the marker from A');
      expect(c.seen.messages - heardBefore).toBe(1);
    },
  );
});

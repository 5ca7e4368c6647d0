/**
 * The bus across server processes on a real broker: two mqtt.js clients stand in for two server processes,
 * on an in-process Aedes and (when installed) on a Mosquitto of the test's own.
 */
import { randomUUID } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { aedesTransport } from './aedes-transport.ts';
import type { EventBus, LiveEvent, SpaceKey } from './live-event.ts';
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
  cleanups.push(() => c.endAsync());
  return c;
}

/** Collects what a subscription receives. */
function collect(bus: EventBus, space: SpaceKey) {
  const got: LiveEvent[] = [];
  const off = bus.subscribe(space, (e) => got.push(e));
  cleanups.push(async () => off());
  return got;
}

async function until(check: () => boolean, what: string, timeoutMs = 5000) {
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

const brokers: [string, () => Promise<TestBroker>, boolean][] = [
  ['Aedes', startAedes, true],
  ['Mosquitto', startMosquitto, hasMosquitto()],
];

describe.each(brokers)('the MQTT event bus on %s', (_name, start, available) => {
  it.skipIf(!available)(
    "delivers an event to the other process's subscribers of its space only",
    async () => {
      const broker = await start();
      cleanups.push(() => broker.close());
      const a = createMqttBus(mqttClientTransport(await client(broker)));
      const b = createMqttBus(mqttClientTransport(await client(broker)));
      await linked(a, b);
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

describe('the MQTT event bus on the embedded broker', () => {
  it("links the broker's own process (no client) with a process connected to it", async () => {
    const broker = await startAedes();
    cleanups.push(() => broker.close());
    if (!broker.aedes) throw new Error('no embedded broker');
    const embedded = createMqttBus(aedesTransport(broker.aedes));
    const remote = createMqttBus(mqttClientTransport(await client(broker)));
    await linked(embedded, remote);
    await linked(remote, embedded);
    const space = team();
    const onEmbedded = collect(embedded, space);
    const onRemote = collect(remote, space);
    const one = thingUpdated(space);
    const two = thingUpdated(space);
    embedded.publish(one);
    remote.publish(two);
    await until(() => onEmbedded.length === 2 && onRemote.length === 2, 'both events on both sides');
    expect(onEmbedded).toEqual([one, two]);
    expect(new Set(onRemote)).toEqual(new Set([one, two]));
    expect(embedded.stats().rejected + remote.stats().rejected).toBe(0);
  });
});

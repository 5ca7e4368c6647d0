/**
 * Two server processes on one database and one broker (issue 5, item 5): a value published through the API
 * of app A reaches a browser streaming from app B. Each app has its own MQTT client and bus, as two
 * processes would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectStream } from '../../../test/sse.ts';
import { iotFixtures } from '../iot/testing/iot-fixtures.ts';
import { createMqttBus } from './mqtt-bus.ts';
import { mqttClientTransport } from './mqtt-client-transport.ts';
import {
  connectClient,
  hasMosquitto,
  startAedes,
  startMosquitto,
  type TestBroker,
} from './testing/brokers.ts';

const TEMP = {
  name: 'temperature',
  type: 'TEMPERATURE_C',
  permission: 'READ_ONLY',
  update_strategy: 'ON_CHANGE',
};

describe.each([
  ['Aedes', startAedes, true],
  ['Mosquitto', startMosquitto, hasMosquitto()],
] as const)('two apps sharing one database and %s', (_name, start, available) => {
  let broker: TestBroker;
  let a: TestApp;
  let b: TestApp;
  const clients: { endAsync(force?: boolean): Promise<void> }[] = [];
  beforeAll(async () => {
    if (!available) return;
    broker = await start();
    const busFor = async () => {
      const client = await connectClient(broker.url);
      clients.push(client);
      return createMqttBus(mqttClientTransport(client));
    };
    a = await createTestApp({}, { events: await busFor() });
    b = await createTestApp({}, { events: await busFor(), database: a.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    // Forced: a graceful end waits with no bound for what is in flight, and the broker may be closing.
    for (const c of clients) await c.endAsync(true);
    await broker?.close();
  });

  it.skipIf(!available)("an event published on A arrives on B's stream, in its space only", async () => {
    const fa = iotFixtures(a);
    const fb = iotFixtures(b);
    const user = await a.createUser();
    const stranger = await a.createUser();
    const team = await fa.space('pro', [[user.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const thing = await fa.thing(user.id, { name: 'Room', properties: [TEMP] }, team.id);
    const pid = thing.properties?.[0]?.id as string;
    const strangerThing = await fa.thing(stranger.id, { name: 'Other', properties: [TEMP] });
    const strangerPid = strangerThing.properties?.[0]?.id as string;

    const onB = await injectStream(
      b.app,
      '/live/v1/events',
      await fb.headersFor(user.id, { 'x-organization': team.id }),
    );
    expect(onB.statusCode).toBe(200);
    const snap = await onB.reader.nextOf('snapshot');
    expect((snap.data as { properties: { id: string }[] }).properties.map((p) => p.id)).toEqual([pid]);

    // B's subscription at the broker may still be on its way: publish until one arrives.
    const publish = (value: number) =>
      fa.call(
        user.id,
        'PUT',
        `/iot/v2/things/${thing.id}/properties/${pid}/publish`,
        { value },
        { space: team.id },
      );
    let seen: { event: string; data: unknown } | undefined;
    for (let v = 0; !seen && v < 150; v += 1) {
      expect((await publish(v)).statusCode).toBe(200);
      seen = await onB.reader.next(200).catch(() => undefined);
    }
    expect(seen).toMatchObject({ event: 'properties.value', data: { thing_id: thing.id, property_id: pid } });

    const strangerValue = await fa.call(
      stranger.id,
      'PUT',
      `/iot/v2/things/${strangerThing.id}/properties/${strangerPid}/publish`,
      { value: -40 },
    );
    expect(strangerValue.statusCode).toBe(200);
    expect((await publish(1000)).statusCode).toBe(200);
    // The next event of B's stream is the team's last value: the stranger's never came.
    let next = await onB.reader.next();
    while ((next.data as { value: number }).value !== 1000) {
      expect(next.data).toMatchObject({ property_id: pid });
      next = await onB.reader.next();
    }
    onB.close();
  });
});

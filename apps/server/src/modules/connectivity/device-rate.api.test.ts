import { encodeSenml, valueToRecords } from '@tinkercloud/device-protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { mqttFixtures, storedPoints } from './testing/mqtt-fixtures.ts';

// A device over its message rate (issue 28 item 3): its QoS 1 messages were acknowledged and then dropped,
// which the board could not know. Now each waits for its token with its PUBACK, so the board's in-flight
// window backs off and nothing acknowledged is lost; only QoS 0 messages over the rate are dropped, and counted.

const BURST = 3;
let t: TestApp;
let f: ReturnType<typeof mqttFixtures>;
beforeAll(async () => {
  t = await createTestApp(
    { MQTT_DEVICE_MESSAGES_PER_SECOND: '20', MQTT_DEVICE_MESSAGE_BURST: String(BURST) },
    { broker: true },
  );
  f = mqttFixtures(t);
});
afterEach(() => f?.closeAll());
afterAll(() => t?.close());

async function setup() {
  const user = await t.createUser();
  const device = await f.deviceWithKey(user.id);
  const thing = await f.thingWith(user.id, [{ name: 'count', type: 'INT' }], { deviceId: device.id });
  const pid = thing.properties?.[0]?.id as string;
  const client = await f.connectDevice(device);
  return { user, device, thing, pid, client, out: `/a/t/${thing.id}/e/o` };
}

/** A message of one undated value: the server dates it on arrival, so the stored order is the arrival order. */
const message = (value: number) => Buffer.from(encodeSenml(valueToRecords('count', 'INT', value)));

describe('a device over its message rate', () => {
  it('holds the PUBACKs of its QoS 1 messages until the rate allows, then stores every one, in order', async () => {
    const s = await setup();
    const rate = t.connectivity?.rate;
    if (!rate) throw new Error('no broker');
    const heldBefore = rate.held().total;
    const sent = 15;
    const acked: number[] = [];
    // For each PUBACK: how many messages were still waiting for their token when it came.
    const waitingAtAck: number[] = [];
    await Promise.all(
      Array.from({ length: sent }, (_, i) =>
        s.client.publishAsync(s.out, message(i), { qos: 1 }).then(() => {
          acked.push(i);
          waitingAtAck.push(rate.held().now);
        }),
      ),
    );
    // Every message acknowledged, in the order sent, and each acknowledged one stored: none dropped.
    expect(acked).toEqual(Array.from({ length: sent }, (_, i) => i));
    const stored = await storedPoints(t.db, s.pid);
    expect(stored.map((p) => p.value)).toEqual(Array.from({ length: sent }, (_, i) => i));
    // Past the burst they waited for their tokens: PUBACKs came while later messages were still held.
    expect(rate.held().total - heldBefore).toBeGreaterThanOrEqual(sent - BURST - 2);
    expect(waitingAtAck.some((n) => n > 0)).toBe(true);
    expect(waitingAtAck[sent - 1]).toBe(0);
    // Nothing was refused, and the device stayed connected.
    await t.connectivity?.flushRejections();
    const refused = (await f.call(s.user.id, 'GET', `/iot/v2/devices/${s.device.id}/refused_values`)).json();
    expect(refused.refused).toEqual([]);
    expect(s.client.connected).toBe(true);
  });

  it('drops its QoS 0 messages over the rate, counted as "over the message rate"', async () => {
    const s = await setup();
    const sent = 15;
    for (let i = 0; i < sent; i++) s.client.publish(s.out, message(i), { qos: 0 });
    // A QoS 1 message after them is acknowledged once everything before it on the connection was handled.
    await s.client.publishAsync(s.out, message(100), { qos: 1 });
    await t.connectivity?.flushRejections();
    const stored = (await storedPoints(t.db, s.pid)).filter((p) => p.value !== 100).length;
    expect(stored).toBeGreaterThanOrEqual(BURST);
    expect(stored).toBeLessThan(sent);
    const refused = (await f.call(s.user.id, 'GET', `/iot/v2/devices/${s.device.id}/refused_values`)).json();
    expect(refused.refused).toEqual([
      expect.objectContaining({ name: '', reason: 'over the message rate', count: sent - stored }),
    ]);
    expect(s.client.connected).toBe(true);
  });
});

import { encodeSenml, valueToRecords } from '@tinkercloud/device-protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { closed, mqttFixtures, storedPoints } from './testing/mqtt-fixtures.ts';

const MAX_PACKET = 64 * 1024;
const BURST = 5;
let t: TestApp;
let f: ReturnType<typeof mqttFixtures>;
beforeAll(async () => {
  t = await createTestApp(
    {
      MQTT_MAX_PACKET_BYTES: String(MAX_PACKET),
      MQTT_DEVICE_MESSAGES_PER_SECOND: '1',
      MQTT_DEVICE_MESSAGE_BURST: String(BURST),
    },
    { broker: true },
  );
  f = mqttFixtures(t);
});
afterEach(() => f?.closeAll());
afterAll(() => t?.close());

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);

async function setup() {
  const user = await t.createUser();
  const device = await f.deviceWithKey(user.id);
  const thing = await f.thingWith(user.id, [{ name: 'temperature', type: 'FLOAT' }], { deviceId: device.id });
  const ids = new Map((thing.properties ?? []).map((p) => [p.name, p.id]));
  const client = await f.connectDevice(device);
  return { user, device, thing, ids, client, out: `/a/t/${thing.id}/e/o` };
}

type Connectivity = { rejected_messages: number; last_rejection: { topic: string; reason: string } | null };

/** The device's connectivity page once `until` holds (refusals are written within a second). */
async function connectivityWhen(userId: string, deviceId: string, until: (c: Connectivity) => boolean) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const c = (
      await f.call(userId, 'GET', `/iot/v2/devices/${deviceId}/connectivity`)
    ).json() as Connectivity;
    if (until(c) || Date.now() > deadline) return c;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('what a device may send', () => {
  it('closes the connection as soon as a packet announces more than the maximum size, before its body', async () => {
    const s = await setup();
    // The fixed header of a 16 MiB QoS 0 PUBLISH, then 64 KiB of it: the broker must not wait for the rest.
    const remaining = 16 * 1024 * 1024;
    const length: number[] = [];
    for (let n = remaining; ; ) {
      const byte = n % 128;
      n = Math.floor(n / 128);
      length.push(n > 0 ? byte | 0x80 : byte);
      if (n === 0) break;
    }
    s.client.stream.write(Buffer.concat([Buffer.from([0x30, ...length]), Buffer.alloc(64 * 1024)]));
    await closed(s.client, 10_000);
    const c = await connectivityWhen(s.user.id, s.device.id, (x) => x.rejected_messages > 0);
    expect(c.rejected_messages).toBe(1);
    expect(c.last_rejection?.reason).toBe(
      `a packet of ${1 + 4 + remaining} bytes is over the limit of ${MAX_PACKET} bytes (the connection was closed)`,
    );
  });

  it('never acknowledges nor stores a publish over the maximum size; one under it goes through', async () => {
    const s = await setup();
    const values = (n: number, from: number) =>
      Buffer.from(
        encodeSenml(
          Array.from({ length: n }, (_, i) =>
            valueToRecords('temperature', 'FLOAT', i, from + i * 1000),
          ).flat(),
        ),
      );
    await s.client.publishAsync(s.out, values(10, T0), { qos: 1 });
    expect(await storedPoints(t.db, s.ids.get('temperature'))).toHaveLength(10);

    // Valid values, but 20,000 of them: over 64 KiB.
    const big = values(20_000, T0 + 60_000);
    expect(big.length).toBeGreaterThan(MAX_PACKET);
    let acknowledged = false;
    void s.client.publishAsync(s.out, big, { qos: 1 }).then(
      () => {
        acknowledged = true;
      },
      () => undefined,
    );
    await closed(s.client, 10_000);
    expect(acknowledged).toBe(false);
    expect(await storedPoints(t.db, s.ids.get('temperature'))).toHaveLength(10);
    const c = await connectivityWhen(s.user.id, s.device.id, (x) => x.rejected_messages > 0);
    expect(c.rejected_messages).toBe(1);
    expect(c.last_rejection?.reason).toMatch(/^a packet of \d+ bytes is over the limit of 65536 bytes/);
  });

  it('drops the QoS 0 messages of a device over its rate and counts them on its connectivity page', async () => {
    const s = await setup();
    const sent = 20;
    const started = Date.now();
    for (let i = 0; i < sent; i++)
      s.client.publish(
        s.out,
        Buffer.from(encodeSenml(valueToRecords('temperature', 'FLOAT', i, T0 + i * 1000))),
        {
          qos: 0,
        },
      );
    // Nothing acknowledges a QoS 0 message: what was stored and what was refused add up to what was sent.
    let c: Connectivity;
    let stored: number;
    for (const deadline = Date.now() + 15_000; ; ) {
      await t.connectivity?.flushRejections();
      c = (
        await f.call(s.user.id, 'GET', `/iot/v2/devices/${s.device.id}/connectivity`)
      ).json() as Connectivity;
      stored = (await storedPoints(t.db, s.ids.get('temperature'))).length;
      if (c.rejected_messages + stored === sent || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (Date.now() - started) / 1000;
    // A burst of 5, then 1 a second: the rest were dropped.
    expect(stored).toBeGreaterThanOrEqual(BURST);
    expect(stored).toBeLessThanOrEqual(BURST + Math.ceil(seconds));
    expect(c.rejected_messages).toBe(sent - stored);
    expect(c.last_rejection).toMatchObject({
      topic: s.out,
      reason: `over the message rate of 1 per second (bursts of ${BURST}): dropped`,
    });
    // Shown among the refused values, by its reason.
    const refused = (await f.call(s.user.id, 'GET', `/iot/v2/devices/${s.device.id}/refused_values`)).json();
    expect(refused.refused).toEqual([
      expect.objectContaining({ name: '', reason: 'over the message rate', count: sent - stored }),
    ]);
    // The device stays connected.
    expect(s.client.connected).toBe(true);
  });
});

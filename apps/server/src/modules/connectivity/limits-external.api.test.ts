import { encodeSenml, valueToRecords } from '@tinkercloud/device-protocol';
import { describe, expect, it } from 'vitest';
import { mosquittoFor, useExternalBroker } from './testing/external-broker-fixture.ts';
import { closed, storedPoints } from './testing/mqtt-fixtures.ts';

const found = mosquittoFor('external broker limit tests');
const T0 = Date.UTC(2025, 2, 1, 8, 0, 0);
const BURST = 3;

describe.skipIf('missing' in found)('limits on what a device sends, with an external broker', () => {
  const ext = useExternalBroker(found, {
    env: { MQTT_DEVICE_MESSAGES_PER_SECOND: '1', MQTT_DEVICE_MESSAGE_BURST: String(BURST) },
  });

  async function setup() {
    const user = await ext.t.createUser();
    const device = await ext.f.deviceWithKey(user.id);
    const thing = await ext.f.thingWith(user.id, [{ name: 'count', type: 'INT' }], { deviceId: device.id });
    const client = await ext.f.connectDevice(device);
    return { user, device, pid: thing.properties?.[0]?.id as string, client, out: `/a/t/${thing.id}/e/o` };
  }
  const connectivity = async (userId: string, deviceId: string) =>
    (await ext.f.call(userId, 'GET', `/iot/v2/devices/${deviceId}/connectivity`)).json();

  it("drops a device's messages over its rate in the process that receives them, and counts them", async () => {
    const s = await setup();
    const sent = 12;
    for (let i = 0; i < sent; i++) {
      const payload = Buffer.from(encodeSenml(valueToRecords('count', 'INT', i, T0 + i * 1000)));
      s.client.publish(s.out, payload, { qos: 1 });
    }
    // Every message is handled once: stored or counted.
    await expect
      .poll(
        async () =>
          (await storedPoints(ext.t.db, s.pid)).length +
          (await connectivity(s.user.id, s.device.id)).rejected_messages,
        { timeout: 20_000 },
      )
      .toBe(sent);
    const stored = (await storedPoints(ext.t.db, s.pid)).length;
    expect(stored).toBeGreaterThanOrEqual(BURST);
    expect(stored).toBeLessThan(sent);
    expect((await connectivity(s.user.id, s.device.id)).last_rejection.reason).toBe(
      `over the message rate of 1 per second (bursts of ${BURST}): dropped`,
    );
  });

  it("lets Mosquitto's max_packet_size end a device that sends a packet over it", async () => {
    const s = await setup();
    s.client.publish(s.out, Buffer.alloc(2 * 1024 * 1024, 1), { qos: 1 });
    await closed(s.client, 15_000);
    expect(await storedPoints(ext.t.db, s.pid)).toEqual([]);
  });
});

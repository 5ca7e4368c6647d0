import { encodeSenml, valueToRecords } from '@tinkercloud/device-protocol';
import { instanceHealthSchema } from '@tinkercloud/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { users } from '../../db/schema/index.ts';
import { mqttFixtures } from '../connectivity/testing/mqtt-fixtures.ts';
import { parsePrometheusText } from './testing/prometheus-text.ts';

let t: TestApp;
let f: ReturnType<typeof mqttFixtures>;
let operator: string;
beforeAll(async () => {
  t = await createTestApp({}, { broker: true });
  f = mqttFixtures(t);
  const op = await t.createUser();
  await t.db.update(users).set({ isOperator: true }).where(eq(users.id, op.id));
  operator = await t.tokenFor(op.id);
});
afterAll(async () => {
  await f?.closeAll();
  await t?.close();
});

/** Loopback, no token: as a Prometheus beside the server scrapes. */
const metric = async (name: string) => {
  const text = parsePrometheusText((await t.app.inject('/metrics')).body);
  return text.samples.find((s) => s.name === name)?.value;
};

describe('the MQTT side in /metrics and the health page', () => {
  it('shows a connected device, its messages, the commit of its values and the points stored', async () => {
    const user = await t.createUser();
    const device = await f.deviceWithKey(user.id);
    const thing = await f.thingWith(user.id, [{ name: 'temperature', type: 'FLOAT' }], {
      deviceId: device.id,
    });
    const client = await f.connectDevice(device);
    const before = (await metric('tinkercloud_mqtt_messages_received_total')) ?? 0;
    const at = Date.now() - 60_000;
    for (let i = 0; i < 3; i += 1) {
      const payload = Buffer.from(encodeSenml(valueToRecords('temperature', 'FLOAT', 20 + i, at + i * 1000)));
      // QoS 1: acknowledged once committed.
      await client.publishAsync(`/a/t/${thing.id}/e/o`, payload, { qos: 1 });
    }
    expect(await metric('tinkercloud_mqtt_connections')).toBe(1);
    expect(await metric('tinkercloud_mqtt_messages_received_total')).toBeGreaterThanOrEqual(before + 3);
    expect(await metric('tinkercloud_ingest_commit_duration_seconds_count')).toBeGreaterThanOrEqual(1);

    const health = async () =>
      instanceHealthSchema.parse(
        (
          await t.app.inject({ url: '/admin/v1/health', headers: { authorization: `Bearer ${operator}` } })
        ).json(),
      );
    const h = await health();
    expect(h.broker.kind).toBe('embedded');
    expect(h.broker.connections).toBe(1);
    // An estimate the database keeps up within about a second of the commit.
    await expect.poll(async () => (await health()).telemetry.points).toBeGreaterThanOrEqual(3);
  });
});

import { createHmac } from 'node:crypto';
import { encodeSenml, valueToRecords } from '@tinkercloud/device-protocol';
import { endConnection } from '@tinkercloud/device-protocol/simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { openTestDatabase } from '../../../../test/database.ts';
import { iotWebhookDeliveries } from '../../../db/schema/index.ts';
import { mqttFixtures } from '../../connectivity/testing/mqtt-fixtures.ts';
import { iotFixtures } from '../testing/iot-fixtures.ts';
import { receiver, until } from './testing/webhook-receiver.ts';

const temperature = {
  name: 'temperature',
  type: 'TEMPERATURE_C',
  permission: 'READ_WRITE',
  update_strategy: 'ON_CHANGE',
};

interface Delivery {
  status: string;
  http_status?: number;
  attempts: number;
  error?: string;
  body: string;
}

function appFixtures(t: TestApp) {
  const f = iotFixtures(t);
  return {
    f,
    async thingWithHook(userId: string, uri: string) {
      const res = await f.call(userId, 'PUT', '/iot/v2/things', {
        name: 'Greenhouse',
        webhook_uri: uri,
        webhook_active: true,
        properties: [temperature],
      });
      expect(res.statusCode, res.body).toBe(201);
      const thing = res.json() as {
        id: string;
        name: string;
        properties: { id: string }[];
        webhook_secret?: string;
      };
      return { thing, propertyId: thing.properties[0]?.id as string };
    },
    async publish(userId: string, thingId: string, propertyId: string, value: unknown) {
      const res = await f.call(userId, 'PUT', `/iot/v2/things/${thingId}/properties/${propertyId}/publish`, {
        value,
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    async deliveries(userId: string, thingId: string) {
      const res = await f.call(userId, 'GET', `/iot/v2/things/${thingId}/webhook/deliveries`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { deliveries: Delivery[]; dropped_values: number };
    },
  };
}

describe('thing webhooks (WEBHOOK_ALLOW_PRIVATE)', () => {
  let t: TestApp;
  let a: ReturnType<typeof appFixtures>;
  const r = receiver();
  let uri: string;
  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAYS_SECONDS: '0.2,0.2' });
    a = appFixtures(t);
    uri = await r.start();
  });
  afterAll(async () => {
    await t?.close();
    await r.close();
  });

  it('POSTs a value signed with the secret answered once when the webhook was set', async () => {
    const user = await t.createUser();
    const { thing, propertyId } = await a.thingWithHook(user.id, uri);
    expect(thing.webhook_secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const shown = await a.f.call(user.id, 'GET', `/iot/v2/things/${thing.id}`);
    expect(shown.json()).not.toHaveProperty('webhook_secret');
    const again = await a.f.call(user.id, 'POST', `/iot/v2/things/${thing.id}`, { name: 'Greenhouse' });
    expect(again.json()).not.toHaveProperty('webhook_secret');

    const before = r.requests.length;
    await a.publish(user.id, thing.id, propertyId, 21.5);
    const log = await until(
      () => a.deliveries(user.id, thing.id),
      (l) => l.deliveries[0]?.status === 'DELIVERED',
    );
    expect(log.deliveries).toMatchObject([{ status: 'DELIVERED', http_status: 200, attempts: 1 }]);
    const req = r.requests[before];
    if (!req) throw new Error('nothing received');
    const doc = JSON.parse(req.body);
    expect(doc).toEqual({
      thing: { id: thing.id, name: 'Greenhouse' },
      variable: { id: propertyId, name: 'temperature', type: 'TEMPERATURE_C' },
      value: 21.5,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
    });
    const timestamp = req.headers['x-tinkercloud-timestamp'] as string;
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(30);
    // The receiver's check: HMAC-SHA256 of "<timestamp>.<body>" with the secret.
    const expected = createHmac('sha256', thing.webhook_secret as string)
      .update(`${timestamp}.${req.body}`)
      .digest('hex');
    expect(req.headers['x-tinkercloud-signature']).toBe(`sha256=${expected}`);
    expect(req.headers['content-type']).toBe('application/json');
  });

  it('rotates the secret: later deliveries are signed with the new one', async () => {
    const user = await t.createUser();
    const { thing, propertyId } = await a.thingWithHook(user.id, uri);
    const rotated = await a.f.call(user.id, 'POST', `/iot/v2/things/${thing.id}/webhook/secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const secret = rotated.json().webhook_secret as string;
    expect(secret).not.toBe(thing.webhook_secret);
    const before = r.requests.length;
    await a.publish(user.id, thing.id, propertyId, 3);
    await until(
      async () => r.requests.length,
      (n) => n > before,
    );
    const req = r.requests[before];
    const ts = req?.headers['x-tinkercloud-timestamp'] as string;
    expect(req?.headers['x-tinkercloud-signature']).toBe(
      `sha256=${createHmac('sha256', secret).update(`${ts}.${req?.body}`).digest('hex')}`,
    );
    const stranger = await t.createUser();
    expect(
      (await a.f.call(stranger.id, 'POST', `/iot/v2/things/${thing.id}/webhook/secret`)).statusCode,
    ).toBe(404);
    expect(
      (await a.f.call(stranger.id, 'GET', `/iot/v2/things/${thing.id}/webhook/deliveries`)).statusCode,
    ).toBe(404);
  });

  it('follows a webhook turned off, on, or added from the next value on', async () => {
    const user = await t.createUser();
    const { thing, propertyId } = await a.thingWithHook(user.id, uri);
    const values = async () =>
      (await a.deliveries(user.id, thing.id)).deliveries.map((d) => JSON.parse(d.body).value as number);
    const turn = async (id: string, body: Record<string, unknown>) => {
      const res = await a.f.call(user.id, 'POST', `/iot/v2/things/${id}`, body);
      expect(res.statusCode, res.body).toBe(200);
    };
    await a.publish(user.id, thing.id, propertyId, 1);
    await until(values, (v) => v.includes(1));
    // The target of the property is remembered now; turning the webhook off must still stop the next value.
    await turn(thing.id, { webhook_active: false });
    await a.publish(user.id, thing.id, propertyId, 2);
    await turn(thing.id, { webhook_active: true });
    await a.publish(user.id, thing.id, propertyId, 3);
    expect(await until(values, (v) => v.includes(3))).toEqual([3, 1]);

    // A thing without a webhook: its property is remembered as unhooked until the webhook is set.
    const plain = await a.f.call(user.id, 'PUT', '/iot/v2/things', {
      name: 'Shed',
      properties: [temperature],
    });
    expect(plain.statusCode, plain.body).toBe(201);
    const shed = plain.json() as { id: string; properties: { id: string }[] };
    const shedProperty = shed.properties[0]?.id as string;
    await a.publish(user.id, shed.id, shedProperty, 10);
    await turn(shed.id, { webhook_uri: uri, webhook_active: true });
    await a.publish(user.id, shed.id, shedProperty, 11);
    const shedValues = await until(
      () => a.deliveries(user.id, shed.id),
      (l) => l.deliveries.length > 0,
    );
    expect(shedValues.deliveries.map((d) => JSON.parse(d.body).value)).toEqual([11]);
  });

  it('retries after a 500, then delivers; fails for good after the last retry', async () => {
    const user = await t.createUser();
    const { thing, propertyId } = await a.thingWithHook(user.id, uri);
    r.statuses.push(500);
    await a.publish(user.id, thing.id, propertyId, 1);
    const log = await until(
      () => a.deliveries(user.id, thing.id),
      (l) => l.deliveries[0]?.status === 'DELIVERED',
    );
    expect(log.deliveries).toMatchObject([{ status: 'DELIVERED', http_status: 200, attempts: 2 }]);

    r.statuses.push(500, 503, 500);
    await a.publish(user.id, thing.id, propertyId, 2);
    const failed = await until(
      () => a.deliveries(user.id, thing.id),
      (l) => l.deliveries.some((d) => d.status === 'FAILED'),
    );
    const last = failed.deliveries.find((d) => JSON.parse(d.body).value === 2);
    expect(last).toMatchObject({
      status: 'FAILED',
      http_status: 500,
      attempts: 3,
      error: 'answered HTTP 500',
    });
  });

  it('keeps the last 100 deliveries per thing, newest first', async () => {
    const user = await t.createUser();
    const { thing, propertyId } = await a.thingWithHook(user.id, uri);
    const old = Date.now() - 3_600_000;
    await t.db.insert(iotWebhookDeliveries).values(
      Array.from({ length: 105 }, (_, i) => ({
        thingId: thing.id,
        body: JSON.stringify({ value: `old ${i}` }),
        status: 'DELIVERED' as const,
        attempts: 1,
        httpStatus: 200,
        createdAt: new Date(old + i * 1000),
      })),
    );
    await a.publish(user.id, thing.id, propertyId, 42);
    const log = await until(
      () => a.deliveries(user.id, thing.id),
      // The value's delivery is queued after the publish answered: wait for it, delivered, on top.
      (l) =>
        l.deliveries[0]?.status === 'DELIVERED' && JSON.parse(l.deliveries[0]?.body ?? '{}').value === 42,
    );
    expect(log.deliveries).toHaveLength(100);
    expect(JSON.parse(log.deliveries[0]?.body ?? '{}').value).toBe(42);
    // The six oldest went; the newest old one is second.
    expect(log.deliveries.map((d) => JSON.parse(d.body).value).slice(1, 2)).toEqual(['old 104']);
    expect(log.deliveries.at(-1)?.body).toBe(JSON.stringify({ value: 'old 6' }));
    // The worker prunes right after it records the delivery: on a real server that may follow the answer.
    await expect
      .poll(
        async () =>
          (await t.db.select().from(iotWebhookDeliveries).where(eq(iotWebhookDeliveries.thingId, thing.id)))
            .length,
      )
      .toBe(100);
  });

  it('drops values over 10 a second per thing and counts them', async () => {
    const user = await t.createUser();
    const { thing, propertyId } = await a.thingWithHook(user.id, uri);
    const res = await a.f.call(
      user.id,
      'PUT',
      `/iot/v2/things/${thing.id}/properties/${propertyId}/publish_batch`,
      Array.from({ length: 15 }, (_, i) => ({
        value: i,
        timestamp: new Date(Date.now() - i * 1000).toISOString(),
      })),
    );
    expect(res.statusCode, res.body).toBe(200);
    const log = await until(
      () => a.deliveries(user.id, thing.id),
      (l) => l.dropped_values > 0 && l.deliveries.every((d) => d.status !== 'PENDING'),
    );
    expect(log.deliveries.length + log.dropped_values).toBe(15);
    expect(log.deliveries.length).toBeLessThanOrEqual(10);
  });
});

describe('thing webhooks without WEBHOOK_ALLOW_PRIVATE', () => {
  let t: TestApp;
  let a: ReturnType<typeof appFixtures>;
  const r = receiver();
  beforeAll(async () => {
    t = await createTestApp();
    a = appFixtures(t);
  });
  afterAll(async () => {
    await t?.close();
    await r.close();
  });

  it.each([
    ['http://127.0.0.1:9/hook', 'loopback'],
    ['http://10.0.0.1/hook', 'private'],
    ['http://169.254.169.254/latest/meta-data', 'metadata'],
  ])('refuses %s (%s) at once, without retries', async (hook, kind) => {
    const user = await t.createUser();
    const { thing, propertyId } = await a.thingWithHook(user.id, hook);
    await a.publish(user.id, thing.id, propertyId, 5);
    const log = await until(
      () => a.deliveries(user.id, thing.id),
      (l) => l.deliveries[0]?.status === 'FAILED',
    );
    expect(log.deliveries).toMatchObject([{ status: 'FAILED', attempts: 1 }]);
    expect(log.deliveries[0]?.error).toMatch(
      new RegExp(
        `^refused: .* ${kind} address \\(allowed only when the server runs with WEBHOOK_ALLOW_PRIVATE=true`,
      ),
    );
  });

  it('refuses a real receiver on this machine', async () => {
    const uri = await r.start();
    const user = await t.createUser();
    const { thing, propertyId } = await a.thingWithHook(user.id, uri.replace('127.0.0.1', 'localhost'));
    await a.publish(user.id, thing.id, propertyId, 5);
    const log = await until(
      () => a.deliveries(user.id, thing.id),
      (l) => l.deliveries[0]?.status === 'FAILED',
    );
    expect(log.deliveries[0]?.error).toMatch(
      /^refused: localhost is (127\.0\.0\.1|::1), and that is a loopback address \(allowed only when/,
    );
    expect(r.requests).toEqual([]);
  });
});

describe('thing webhooks across a restart', () => {
  it('a pending delivery goes out from the next process on the same database', async () => {
    const database = await openTestDatabase();
    const r = receiver();
    const uri = await r.start();
    const env = { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAYS_SECONDS: '1' };
    const first = await createTestApp(env, { database });
    let second: TestApp | undefined;
    try {
      const a = appFixtures(first);
      const user = await first.createUser();
      const { thing, propertyId } = await a.thingWithHook(user.id, uri);
      r.statuses.push(500);
      await a.publish(user.id, thing.id, propertyId, 7);
      await until(
        async () => r.requests.length,
        (n) => n === 1,
      );
      await first.close();
      // Closed between its attempts: the retry waits in the database, not in the closed process.
      expect(await database.db.select().from(iotWebhookDeliveries)).toMatchObject([
        { thingId: thing.id, status: 'PENDING', attempts: 1, httpStatus: 500 },
      ]);
      second = await createTestApp(env, { database });
      const b = appFixtures(second);
      const log = await until(
        () => b.deliveries(user.id, thing.id),
        (l) => l.deliveries[0]?.status === 'DELIVERED',
      );
      expect(log.deliveries).toMatchObject([{ status: 'DELIVERED', attempts: 2, http_status: 200 }]);
      expect(r.requests).toHaveLength(2);
      expect(JSON.parse(r.requests[1]?.body ?? '{}').value).toBe(7);
    } finally {
      await second?.close();
      await r.close();
      await database.close();
    }
  });
});

describe('thing webhooks from device ingest', () => {
  it('delivers a value a device published over MQTT', async () => {
    const r = receiver();
    const uri = await r.start();
    const t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' }, { broker: true });
    const m = mqttFixtures(t);
    try {
      const user = await t.createUser();
      const device = await m.deviceWithKey(user.id);
      const thing = await m.thing(user.id, {
        name: 'Board thing',
        device_id: device.id,
        webhook_uri: uri,
        webhook_active: true,
        properties: [{ ...temperature, variable_name: 'temp', type: 'FLOAT' }],
      });
      const client = await m.connectDevice(device);
      await client.publishAsync(
        `/a/t/${thing.id}/e/o`,
        Buffer.from(encodeSenml(valueToRecords('temp', 'FLOAT', 31.5))),
        { qos: 1 },
      );
      await until(
        async () => r.requests.length,
        (n) => n > 0,
      );
      await endConnection(client, 5_000);
      expect(JSON.parse(r.requests[0]?.body ?? '{}')).toMatchObject({
        thing: { id: thing.id, name: 'Board thing' },
        variable: { name: 'temperature', type: 'FLOAT' },
        value: 31.5,
      });
    } finally {
      await m.closeAll();
      await t.close();
      await r.close();
    }
  });
});

import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { iotFixtures } from '../testing/iot-fixtures.ts';
import { receiver, until } from './testing/webhook-receiver.ts';

// What the thing page does with a webhook (issue 28): the switch, the secret shown once and rotated, a test
// sent now, and the delivery log a page at a time.

const temperature = {
  name: 'temperature',
  type: 'TEMPERATURE_C',
  permission: 'READ_WRITE',
  update_strategy: 'ON_CHANGE',
};

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** What a receiver checks: the HMAC of "<timestamp>.<body>" with the secret it holds. */
function verifies(req: Received | undefined, secret: string) {
  if (!req) throw new Error('nothing received');
  const ts = req.headers['x-tinkercloud-timestamp'] as string;
  const expected = `sha256=${createHmac('sha256', secret).update(`${ts}.${req.body}`).digest('hex')}`;
  return req.headers['x-tinkercloud-signature'] === expected;
}

function fixtures(t: TestApp) {
  const f = iotFixtures(t);
  const api = async (
    user: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    space?: string,
  ) => f.call(user, method, url, body, { space });
  return {
    f,
    api,
    async thing(user: string, body: Record<string, unknown>) {
      const res = await api(user, 'PUT', '/iot/v2/things', {
        name: 'Greenhouse',
        properties: [temperature],
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; properties: { id: string }[]; webhook_secret?: string };
    },
    async info(user: string, id: string, space?: string) {
      const res = await api(user, 'GET', `/iot/v2/things/${id}/webhook`, undefined, space);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { uri?: string; active: boolean; secret_hint?: string; dropped_values: number };
    },
    async log(user: string, id: string, query = '') {
      const res = await api(user, 'GET', `/iot/v2/things/${id}/webhook/deliveries${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        deliveries: {
          id: string;
          status: string;
          http_status?: number;
          attempts: number;
          error?: string;
          next_attempt_at?: string;
          test?: boolean;
          body: string;
        }[];
        next_before?: string;
      };
    },
    async test(user: string, id: string) {
      return api(user, 'POST', `/iot/v2/things/${id}/webhook/test`);
    },
  };
}

describe('a thing webhook from its page (WEBHOOK_ALLOW_PRIVATE)', () => {
  let t: TestApp;
  let a: ReturnType<typeof fixtures>;
  const r = receiver();
  let uri: string;
  beforeAll(async () => {
    // One long retry: a failed value stays PENDING with its next retry in the log.
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAYS_SECONDS: '600' });
    a = fixtures(t);
    uri = await r.start();
  });
  afterAll(async () => {
    await t?.close();
    await r.close();
  });

  it('answers the switch and a masked hint of the secret, never the secret', async () => {
    const user = await t.createUser();
    const thing = await a.thing(user.id, { webhook_uri: uri });
    const secret = thing.webhook_secret as string;
    expect(await a.info(user.id, thing.id)).toEqual({
      uri,
      active: false,
      secret_hint: `whsec_…${secret.slice(-4)}`,
      dropped_values: 0,
    });
    const on = await a.api(user.id, 'POST', `/iot/v2/things/${thing.id}`, { webhook_active: true });
    expect(on.statusCode, on.body).toBe(200);
    expect((await a.info(user.id, thing.id)).active).toBe(true);
    const off = await a.api(user.id, 'POST', `/iot/v2/things/${thing.id}`, { webhook_active: false });
    expect(off.statusCode, off.body).toBe(200);
    const info = await a.info(user.id, thing.id);
    expect(info.active).toBe(false);
    expect(JSON.stringify(info)).not.toContain(secret.slice(6, 20));

    const plain = await a.thing(user.id, {});
    expect(await a.info(user.id, plain.id)).toEqual({ active: false, dropped_values: 0 });
  });

  it('sends a signed test now, switched off or on, and records it in the log once', async () => {
    const user = await t.createUser();
    const thing = await a.thing(user.id, { webhook_uri: uri });
    const before = r.requests.length;
    r.statuses.push(204);
    const res = await a.test(user.id, thing.id);
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json();
    expect(sent).toMatchObject({ ok: true, http_status: 204 });
    expect(Number.isNaN(Date.parse(sent.sent_at))).toBe(false);
    const req = r.requests[before];
    expect(JSON.parse(req?.body ?? '{}')).toEqual({
      test: true,
      thing: { id: thing.id, name: 'Greenhouse' },
      time: sent.sent_at,
    });
    expect(verifies(req, thing.webhook_secret as string)).toBe(true);
    const log = await a.log(user.id, thing.id);
    expect(log.deliveries).toMatchObject([
      { id: sent.delivery_id, status: 'DELIVERED', http_status: 204, attempts: 1, test: true },
    ]);

    // A receiver failing a test: its status and the reason are answered, and it is not retried.
    r.statuses.push(500);
    const failed = (await a.test(user.id, thing.id)).json();
    expect(failed).toMatchObject({ ok: false, http_status: 500, error: 'answered HTTP 500' });
    const after = await a.log(user.id, thing.id);
    expect(after.deliveries[0]).toMatchObject({ status: 'FAILED', attempts: 1, error: 'answered HTTP 500' });
    expect(after.deliveries[0]?.next_attempt_at).toBeUndefined();

    // Nowhere to send it: refused with what to do.
    const none = await a.thing(user.id, {});
    const refused = await a.test(user.id, none.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('Set the webhook address first.');
  });

  it('rotates the secret: answered once, and the old one no longer verifies what is sent', async () => {
    const user = await t.createUser();
    const thing = await a.thing(user.id, { webhook_uri: uri });
    const old = thing.webhook_secret as string;
    const rotated = await a.api(user.id, 'POST', `/iot/v2/things/${thing.id}/webhook/secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const secret = rotated.json().webhook_secret as string;
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(secret).not.toBe(old);
    // Shown once: neither the thing nor the webhook answer it afterwards, only its end.
    const shown = await a.api(user.id, 'GET', `/iot/v2/things/${thing.id}`);
    expect(shown.body).not.toContain(secret);
    expect((await a.info(user.id, thing.id)).secret_hint).toBe(`whsec_…${secret.slice(-4)}`);

    const before = r.requests.length;
    expect((await a.test(user.id, thing.id)).json()).toMatchObject({ ok: true });
    const req = r.requests[before];
    expect(verifies(req, secret)).toBe(true);
    expect(verifies(req, old)).toBe(false);
  });

  it('lists real deliveries a page at a time, a failing receiver with its error and next retry', async () => {
    const user = await t.createUser();
    const thing = await a.thing(user.id, { webhook_uri: uri, webhook_active: true });
    const propertyId = thing.properties[0]?.id as string;
    const publish = async (value: number) => {
      const res = await a.api(user.id, 'PUT', `/iot/v2/things/${thing.id}/properties/${propertyId}/publish`, {
        value,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await publish(1);
    await until(
      () => a.log(user.id, thing.id),
      (l) => l.deliveries[0]?.status === 'DELIVERED',
    );
    r.statuses.push(503);
    await publish(2);
    const log = await until(
      () => a.log(user.id, thing.id),
      (l) => l.deliveries.length === 2 && l.deliveries[0]?.error !== undefined,
    );
    const [failing, delivered] = log.deliveries;
    expect(JSON.parse(failing?.body ?? '{}').value).toBe(2);
    expect(failing).toMatchObject({
      status: 'PENDING',
      http_status: 503,
      attempts: 1,
      error: 'answered HTTP 503',
    });
    // The next retry is the configured wait away (600 s), not due yet.
    expect(Date.parse(failing?.next_attempt_at ?? '') - Date.now()).toBeGreaterThan(300_000);
    expect(delivered).toMatchObject({ status: 'DELIVERED', http_status: 200, attempts: 1 });
    expect(delivered?.next_attempt_at).toBeUndefined();
    expect(log.next_before).toBeUndefined();

    const first = await a.log(user.id, thing.id, '?limit=1');
    expect(first.deliveries.map((d) => d.id)).toEqual([failing?.id]);
    expect(first.next_before).toBe(failing?.id);
    const second = await a.log(user.id, thing.id, `?limit=1&before=${first.next_before}`);
    expect(second.deliveries.map((d) => d.id)).toEqual([delivered?.id]);
    expect(second.next_before).toBeUndefined();
    const bad = await a.api(user.id, 'GET', `/iot/v2/things/${thing.id}/webhook/deliveries?limit=101`);
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 to another space for every webhook route, and only its own records', async () => {
    const user = await t.createUser();
    const thing = await a.thing(user.id, { webhook_uri: uri });
    const { space, admin } = await a.f.team();
    const teamThing = await a.f.thing(admin.id, { name: 'Team thing', webhook_uri: uri }, space.id);
    const routes: ['GET' | 'POST', string][] = [
      ['GET', 'webhook'],
      ['GET', 'webhook/deliveries'],
      ['POST', 'webhook/test'],
      ['POST', 'webhook/secret'],
    ];
    const before = r.requests.length;
    for (const [method, path] of routes) {
      // A stranger in their own space, and the team's admin outside the team (My Cloud).
      const stranger = await a.api(admin.id, method, `/iot/v2/things/${thing.id}/${path}`);
      expect(stranger.statusCode, `${method} ${path}`).toBe(404);
      const outside = await a.api(admin.id, method, `/iot/v2/things/${teamThing.id}/${path}`);
      expect(outside.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(r.requests.length).toBe(before);
    expect((await a.test(admin.id, teamThing.id)).statusCode).toBe(404);
    const inTeam = await a.api(
      admin.id,
      'POST',
      `/iot/v2/things/${teamThing.id}/webhook/test`,
      undefined,
      space.id,
    );
    expect(inTeam.statusCode, inTeam.body).toBe(200);
    const teamLog = await a.api(
      admin.id,
      'GET',
      `/iot/v2/things/${teamThing.id}/webhook/deliveries`,
      undefined,
      space.id,
    );
    expect(teamLog.json().deliveries).toHaveLength(1);
    expect((await a.log(user.id, thing.id)).deliveries).toEqual([]);
  });
});

describe('a thing webhook test without WEBHOOK_ALLOW_PRIVATE', () => {
  let t: TestApp;
  let a: ReturnType<typeof fixtures>;
  const r = receiver();
  beforeAll(async () => {
    t = await createTestApp();
    a = fixtures(t);
  });
  afterAll(async () => {
    await t?.close();
    await r.close();
  });

  it('is refused for a private address, saying which setting allows it', async () => {
    const uri = await r.start();
    const user = await t.createUser();
    const thing = await a.thing(user.id, { webhook_uri: uri });
    const res = await a.test(user.id, thing.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ok: false,
      error:
        'refused: 127.0.0.1 is a loopback address (allowed only when the server runs with ' +
        'WEBHOOK_ALLOW_PRIVATE=true, for receivers on its own network)',
    });
    expect(res.json().http_status).toBeUndefined();
    expect(r.requests).toEqual([]);
    const log = await a.log(user.id, thing.id);
    expect(log.deliveries[0]).toMatchObject({ status: 'FAILED', test: true });
    expect(log.deliveries[0]?.error).toContain('WEBHOOK_ALLOW_PRIVATE=true');
  });
});

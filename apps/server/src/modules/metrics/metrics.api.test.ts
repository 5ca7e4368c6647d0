import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createLocalCredential } from '../../auth/local-credential.ts';
import { users } from '../../db/schema/index.ts';
import { parsePrometheusText } from './testing/prometheus-text.ts';

/** A caller on another machine (inject's default address is loopback). */
const REMOTE = '203.0.113.7';
const credential = createLocalCredential();

let t: TestApp;
let operatorId: string;
let operator: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp({}, { localCredential: credential });
  const op = await t.createUser();
  await t.db.update(users).set({ isOperator: true }).where(eq(users.id, op.id));
  operatorId = op.id;
  operator = await t.tokenFor(op.id);
  user = await t.tokenFor((await t.createUser()).id);
});
afterAll(() => t?.close());

const scrape = (opts: { token?: string; remote?: boolean; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    url: '/metrics',
    ...(opts.remote && { remoteAddress: REMOTE }),
    headers: { ...(opts.token && { authorization: `Bearer ${opts.token}` }), ...opts.headers },
  });

describe('GET /metrics access', () => {
  it("answers an operator's token from anywhere", async () => {
    const res = await scrape({ token: operator, remote: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  });

  it("refuses a normal user's token from another machine with the admin API's 404, and no token with 401", async () => {
    const asUser = await scrape({ token: user, remote: true });
    expect(asUser.statusCode).toBe(404);
    expect(asUser.body).not.toContain('tinkercloud_');
    const anonymous = await scrape({ remote: true });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('tinkercloud_');
  });

  it('answers a direct connection on loopback without a token, never one relayed by a proxy', async () => {
    expect((await scrape()).statusCode).toBe(200);
    expect((await scrape({ headers: { 'x-forwarded-for': REMOTE } })).statusCode).toBe(401);
  });

  it("takes the admin CLI's credential on loopback only", async () => {
    expect(
      (await scrape({ token: credential.token, headers: { 'x-forwarded-for': REMOTE } })).statusCode,
    ).toBe(401);
    expect((await scrape({ token: credential.token, remote: true })).statusCode).toBe(401);
    expect((await scrape({ token: credential.token })).statusCode).toBe(200);
  });
});

describe('GET /metrics text', () => {
  it('is Prometheus text whose HTTP series carry the route pattern, never the URL', async () => {
    const id = randomUUID();
    const miss = await t.app.inject({
      url: `/iot/v2/things/${id}`,
      headers: { authorization: `Bearer ${user}` },
    });
    expect(miss.statusCode).toBe(404);
    await t.app.inject({ url: `/no/such/route/${id}` });
    const res = await scrape({ token: operator, remote: true });
    const text = parsePrometheusText(res.body);
    expect(res.body).not.toContain(id);
    const http = text.samples.filter((s) => s.name === 'tinkercloud_http_requests_total');
    expect(http.length).toBeGreaterThan(0);
    for (const s of http) expect(Object.keys(s.labels).sort()).toEqual(['method', 'route', 'status_code']);
    expect(http).toContainEqual({
      name: 'tinkercloud_http_requests_total',
      labels: { method: 'GET', route: '/iot/v2/things/:id', status_code: '404' },
      value: 1,
    });
    expect(http.some((s) => s.labels.route === '(unmatched)')).toBe(true);
    expect(text.types.get('tinkercloud_http_request_duration_seconds')).toBe('histogram');
    for (const name of [
      'tinkercloud_mqtt_connections',
      'tinkercloud_mqtt_messages_received_total',
      'tinkercloud_ingest_commit_duration_seconds',
      'tinkercloud_queue_depth',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(text.types.has(name), name).toBe(true);
    for (const queue of ['webhook_deliveries', 'exports', 'compile_jobs'])
      expect(text.samples).toContainEqual({ name: 'tinkercloud_queue_depth', labels: { queue }, value: 0 });
  });
});

describe('METRICS_LOOPBACK=false', () => {
  it('wants an operator on loopback too', async () => {
    const strict = await createTestApp({ METRICS_LOOPBACK: 'false' }, { database: t.database });
    try {
      expect((await strict.app.inject({ url: '/metrics' })).statusCode).toBe(401);
      // Each test app signs with a key of its own.
      const token = await strict.tokenFor(operatorId);
      const res = await strict.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

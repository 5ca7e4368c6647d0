import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const errorShape = {
  code: expect.any(String),
  name: expect.any(String),
  detail: expect.any(String),
  id: expect.any(String),
  status: expect.any(Number),
  url: expect.any(String),
};

describe('the HTTP app', () => {
  it('reports health with the database state', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers "Authentication error" in the spec error shape without a token', async () => {
    const res = await t.app.inject('/users/v1/users/settings');
    expect(res.statusCode).toBe(401);
    const body = res.json();
    expect(body).toEqual({
      ...errorShape,
      code: 'unauthorized',
      detail: 'Authentication error',
      status: 401,
      url: '/users/v1/users/settings',
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-request-id']).toBe(body.id);
  });

  it('rejects tokens with the wrong audience, issuer, or expiry', async () => {
    const user = await t.createUser();
    for (const token of [
      await t.tokenFor(user.id, { audience: 'someone-else' }),
      await t.tokenFor(user.id, { issuer: 'https://evil.example' }),
      await t.tokenFor(user.id, { expiresIn: '-5m' }),
      'not-a-jwt',
    ]) {
      const res = await t.app.inject({
        url: '/users/v1/users/settings',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe('Authentication error');
    }
  });

  it('answers unknown API routes with a JSON 404 in the error shape', async () => {
    const res = await t.app.inject('/iot/v2/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('validates input and answers 400 in the error shape', async () => {
    const user = await t.createUser();
    const res = await t.app.inject({
      url: '/users/v1/users/byID/not-a-uuid',
      headers: { authorization: `Bearer ${await t.tokenFor(user.id)}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', status: 400 });
  });

  it('sends malformed JSON back as a 400 error body', async () => {
    const user = await t.createUser();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/users/v1/users/settings',
      headers: { authorization: `Bearer ${await t.tokenFor(user.id)}`, 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request', detail: 'Request body is not valid JSON.' });
  });

  it('sets security headers on every response', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('publishes an OpenAPI document generated from the route schemas, and a browsable page', async () => {
    const res = await t.app.inject('/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/users/v1/users/byID/{id}'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]),
    );
    expect(doc.paths['/healthz']).toBeDefined();
    const page = await t.app.inject('/api-docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('serves the SPA runtime config as a script', async () => {
    const res = await t.app.inject('/app-config.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/javascript');
    const json = JSON.parse(res.body.replace(/^window\.__APP_CONFIG__=/, '').replace(/;\s*$/, ''));
    expect(json).toMatchObject({
      productName: 'Tinkercloud',
      productSlug: 'tinkercloud',
      version: '2.6.13',
      publicUrl: 'http://test.local',
      oidc: {
        authority: 'http://test.local/auth',
        clientId: 'tinkercloud-web',
        audience: 'http://test.local/api',
      },
    });
  });
});

describe('the status feed', () => {
  it('reports the real health of the parts, publicly', async () => {
    const res = await t.app.inject('/status/api/v2/status.json');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: { indicator: 'none', description: 'All Systems Operational' },
      components: [
        { name: 'API', status: 'operational' },
        { name: 'Database', status: 'operational' },
      ],
    });
  });
});

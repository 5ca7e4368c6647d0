import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';

// A real outage: the database connection is closed under the running app.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.closeDatabase();
});
afterAll(() => t?.app.close());

describe('when the database is down', () => {
  it('health answers 503', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: 'down' });
  });

  it('the status feed reports a major outage of the database', async () => {
    const res = await t.app.inject('/status/api/v2/status.json');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toEqual({ indicator: 'major', description: 'Major outage: Database' });
  });

  it('API calls fail in the error shape without leaking internals', async () => {
    const res = await t.app.inject({
      url: '/users/v1/users/settings',
      headers: { authorization: `Bearer ${await t.tokenFor('00000000-0000-4000-8000-000000000000')}` },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({
      code: 'unexpected_error',
      detail: 'Unexpected error. Please try again.',
    });
  });
});

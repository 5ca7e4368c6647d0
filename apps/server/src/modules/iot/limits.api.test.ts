import { afterAll, describe, expect, it } from 'vitest';
import { iotTestApp } from './testing/iot-fixtures.ts';

const { t, f } = await iotTestApp({ IOT_RATE_LIMIT_PER_MINUTE: '5' });
afterAll(() => t.close());

describe('IoT API limits', () => {
  it('answers 429 with the error body past the per-user limit; other users and API keys count apart', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    for (let i = 0; i < 5; i++)
      expect((await f.call(user.id, 'GET', '/iot/v2/devices')).statusCode).toBe(200);
    const limited = await f.call(user.id, 'GET', '/iot/v2/things');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toBe('application/vnd.goa.error+json');
    expect(limited.headers['retry-after']).toBeTruthy();
    expect(limited.json()).toMatchObject({ code: 'too_many_requests', status: 429 });
    expect(limited.json().detail).toMatch(/5 requests per minute/);
    expect((await f.call(user.id, 'GET', '/groups/v1/devices')).statusCode).toBe(429);
    expect((await f.call(other.id, 'GET', '/iot/v2/devices')).statusCode).toBe(200);

    await f.grantPlan(other.id);
    const key = (await f.call(other.id, 'POST', '/iot/v1/clients', { name: 'k' })).json();
    const token = await t.app.inject({
      method: 'POST',
      url: '/iot/v1/clients/token',
      payload: {
        grant_type: 'client_credentials',
        client_id: key.client_id,
        client_secret: key.client_secret,
      },
    });
    const headers = { authorization: `Bearer ${token.json().access_token}` };
    for (let i = 0; i < 5; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/iot/v2/devices', headers })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/iot/v2/devices', headers })).statusCode).toBe(429);
    // The user's own count is separate from the key's.
    expect((await f.call(other.id, 'GET', '/iot/v2/devices')).statusCode).toBe(200);
  });

  it('refuses bodies over 512 KB with 413', async () => {
    const user = await t.createUser();
    const big = await f.call(user.id, 'POST', '/iot/v2/dashboards', {
      name: 'big',
      cover_image: 'x'.repeat(600_000),
    });
    expect(big.statusCode).toBe(413);
    expect(big.headers['content-type']).toBe('application/vnd.goa.error+json');
  });
});

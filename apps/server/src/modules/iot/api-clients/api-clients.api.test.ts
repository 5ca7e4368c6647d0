import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { iotApiClients } from '../../../db/schema/index.ts';
import { iotTestApp } from '../testing/iot-fixtures.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function token(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/iot/v1/clients/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: form({ grant_type: 'client_credentials', audience: 'https://api2.arduino.cc/iot', ...fields }),
  });
}

const bearer = (accessToken: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${accessToken}`,
  ...extra,
});

describe('API keys and the client-credentials token', () => {
  it('creates a key (secret shown once, hashed at rest), lists and shows it without the secret', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const res = await f.call(user.id, 'POST', '/iot/v1/clients', { name: 'Node-RED' });
    expect(res.statusCode).toBe(201);
    const key = res.json();
    expect(key.client_id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(key.client_secret).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(key).toMatchObject({ id: key.client_id, name: 'Node-RED' });
    const [row] = await t.db.select().from(iotApiClients).where(eq(iotApiClients.clientId, key.client_id));
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.secretHash).not.toContain(key.client_secret);
    const list = (await f.call(user.id, 'GET', '/iot/v1/clients')).json();
    expect(list).toEqual([
      { id: key.client_id, client_id: key.client_id, name: 'Node-RED', created_at: key.created_at },
    ]);
    const shown = (await f.call(user.id, 'GET', `/iot/v1/clients/${key.client_id}`)).json();
    expect(shown).not.toHaveProperty('client_secret');
    expect((await f.call(user.id, 'POST', '/iot/v1/clients', { name: '' })).statusCode).toBe(400);
    expect((await f.call(user.id, 'POST', '/iot/v1/clients', { name: 'bad<name>' })).statusCode).toBe(400);
    const recap = (await f.call(user.id, 'GET', '/restrictions/v1/recap/me')).json();
    expect(recap.usage.cloud_api_clients).toBe(1);
  });

  it('issues a 5-minute JWT carrying the user id that the /iot API accepts; revoking the key ends it', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const device = await f.device(user.id, { name: 'mine' });
    const key = (await f.call(user.id, 'POST', '/iot/v1/clients', { name: 'script' })).json();
    const res = await token({ client_id: key.client_id, client_secret: key.client_secret });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ expires_in: 300, token_type: 'Bearer' });
    const claims = decodeJwt(body.access_token);
    expect(claims['http://arduino.cc/id']).toBe(user.id);
    expect(claims.sub).toBe(user.id);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(300);
    const list = await t.app.inject({
      method: 'GET',
      url: '/iot/v2/devices',
      headers: bearer(body.access_token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((d: { id: string }) => d.id)).toEqual([device.id]);
    // JSON bodies work too.
    const json = await t.app.inject({
      method: 'POST',
      url: '/iot/v1/clients/token',
      payload: {
        grant_type: 'client_credentials',
        client_id: key.client_id,
        client_secret: key.client_secret,
      },
    });
    expect(json.statusCode).toBe(200);
    expect((await f.call(user.id, 'DELETE', `/iot/v1/clients/${key.client_id}`)).statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/iot/v2/devices',
      headers: bearer(body.access_token),
    });
    expect(after.statusCode).toBe(401);
    expect((await token({ client_id: key.client_id, client_secret: key.client_secret })).statusCode).toBe(
      401,
    );
  });

  it('refuses wrong secrets, unknown clients, other grants and forged tokens', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const key = (await f.call(user.id, 'POST', '/iot/v1/clients', { name: 'k' })).json();
    const wrong = await token({ client_id: key.client_id, client_secret: 'x'.repeat(64) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'unauthorized', status: 401 });
    expect((await token({ client_id: 'nobody', client_secret: 'x' })).statusCode).toBe(401);
    const grant = await token({
      grant_type: 'password',
      client_id: key.client_id,
      client_secret: key.client_secret,
    });
    expect(grant.statusCode).toBe(400);
    const good = (await token({ client_id: key.client_id, client_secret: key.client_secret })).json()
      .access_token;
    const [header, payload] = good.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect(
      (await t.app.inject({ method: 'GET', url: '/iot/v2/devices', headers: bearer(forged) })).statusCode,
    ).toBe(401);
  });

  it('binds tokens to a space: organization_id (form or header) needs membership; space keys stay in their space', async () => {
    const member = await t.createUser();
    const outsider = await t.createUser();
    await f.grantPlan(member.id);
    await f.grantPlan(outsider.id);
    const org = await f.space('pro', [[member.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const inSpace = await f.device(member.id, { name: 'team-device' }, org.id);
    const mine = await f.device(member.id, { name: 'my-device' });

    const personal = (await f.call(member.id, 'POST', '/iot/v1/clients', { name: 'personal' })).json();
    const spaceToken = (
      await token({
        client_id: personal.client_id,
        client_secret: personal.client_secret,
        organization_id: org.id,
      })
    ).json().access_token;
    const names = async (accessToken: string, extra: Record<string, string> = {}) =>
      (await t.app.inject({ method: 'GET', url: '/iot/v2/devices', headers: bearer(accessToken, extra) }))
        .json()
        .map((d: { id: string }) => d.id);
    expect(await names(spaceToken)).toEqual([inSpace.id]);
    const headerToken = (
      await token(
        { client_id: personal.client_id, client_secret: personal.client_secret },
        { 'x-organization': org.id },
      )
    ).json().access_token;
    expect(await names(headerToken)).toEqual([inSpace.id]);
    const plain = (
      await token({ client_id: personal.client_id, client_secret: personal.client_secret })
    ).json().access_token;
    expect(await names(plain)).toEqual([mine.id]);
    expect(await names(plain, { 'x-organization': org.id })).toEqual([inSpace.id]);

    const teamKey = (
      await f.call(member.id, 'POST', '/iot/v1/clients', { name: 'team' }, { space: org.id })
    ).json();
    expect(teamKey.organization_id).toBe(org.id);
    expect((await f.call(member.id, 'GET', '/iot/v1/clients')).json()).toHaveLength(1);
    expect(
      (await f.call(member.id, 'GET', '/iot/v1/clients', undefined, { space: org.id })).json(),
    ).toHaveLength(1);
    const teamToken = (
      await token({ client_id: teamKey.client_id, client_secret: teamKey.client_secret })
    ).json().access_token;
    expect(await names(teamToken)).toEqual([inSpace.id]);
    const leaving = await t.app.inject({
      method: 'GET',
      url: '/iot/v2/devices',
      headers: bearer(teamToken, { 'x-organization': 'my-cloud' }),
    });
    expect(leaving.statusCode).toBe(403);
    const otherSpace = await token({
      client_id: teamKey.client_id,
      client_secret: teamKey.client_secret,
      organization_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    });
    expect(otherSpace.statusCode).toBe(403);

    const outsiderKey = (await f.call(outsider.id, 'POST', '/iot/v1/clients', { name: 'o' })).json();
    const refused = await token({
      client_id: outsiderKey.client_id,
      client_secret: outsiderKey.client_secret,
      organization_id: org.id,
    });
    expect(refused.statusCode).toBe(404);
    // Another user's key is invisible and cannot be revoked by someone else.
    expect((await f.call(outsider.id, 'GET', `/iot/v1/clients/${personal.client_id}`)).statusCode).toBe(404);
    expect((await f.call(outsider.id, 'DELETE', `/iot/v1/clients/${personal.client_id}`)).statusCode).toBe(
      404,
    );
  });

  it('answers 412 past the API quota: none on the free plan, and none in a pro space without a plan', async () => {
    const user = await t.createUser();
    const free = await f.call(user.id, 'POST', '/iot/v1/clients', { name: 'k' });
    expect(free.statusCode).toBe(412);
    expect(free.json()).toMatchObject({ code: 'precondition_failed', status: 412 });
    const expired = await f.space('pro', [[user.id, 'role:pro-admin']]);
    const res = await f.call(user.id, 'POST', '/iot/v1/clients', { name: 'k' }, { space: expired.id });
    expect(res.statusCode).toBe(412);
    expect(res.json().detail).toMatch(/no active plan/);
    const student = await t.createUser();
    const school = await f.space('edu', [[student.id, 'role:edu-student']], { planId: 'cloud-classroom' });
    expect(
      (await f.call(student.id, 'POST', '/iot/v1/clients', { name: 'k' }, { space: school.id })).statusCode,
    ).toBe(403);
  });
});

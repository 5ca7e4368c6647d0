import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { listOutbox } from '../../mail/mailer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const auth = async (userId: string) => ({ authorization: `Bearer ${await t.tokenFor(userId)}` });

describe('users API', () => {
  it('returns the adult profile with the private block when asked', async () => {
    const user = await t.createUser({ name: 'Ada Lovelace' });
    const res = await t.app.inject({
      url: `/users/v1/users/byID/${user.id}?scopes=private`,
      headers: await auth(user.id),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: user.id,
      username: user.username,
      name: 'Ada Lovelace',
      avatar: '',
      birthday: null,
      confirmed: false,
      private: { email: user.email, email_verified: false, is_minor: false, tos_accepted: false },
    });
    expect(new Date(body.created).toString()).not.toBe('Invalid Date');
  });

  it('leaves the private block out without scopes=private and accepts "me"', async () => {
    const user = await t.createUser();
    const res = await t.app.inject({ url: '/users/v1/users/byID/me', headers: await auth(user.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json().private).toBeUndefined();
    expect(res.json().id).toBe(user.id);
  });

  it("never shows another user's profile", async () => {
    const alice = await t.createUser();
    const bob = await t.createUser();
    const res = await t.app.inject({
      url: `/users/v1/users/byID/${bob.id}?scopes=private`,
      headers: await auth(alice.id),
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(bob.email);
  });

  it('serves the minor profile only to minors', async () => {
    const kid = await t.createUser({ isMinor: true, birthday: '2016-05-04' });
    const adult = await t.createUser();
    const ok = await t.app.inject({ url: '/users/v1/children/byID/me', headers: await auth(kid.id) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: kid.id, birthday: '2016-05-04', private: { is_minor: true } });
    const no = await t.app.inject({ url: '/users/v1/children/byID/me', headers: await auth(adult.id) });
    expect(no.statusCode).toBe(404);
  });

  it('stores settings per user, empty by default', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const headers = await auth(user.id);
    expect((await t.app.inject({ url: '/users/v1/users/settings', headers })).json()).toEqual({});
    const put = await t.app.inject({
      method: 'PUT',
      url: '/users/v1/users/settings',
      headers,
      payload: { theme: 'dark', n: 2 },
    });
    expect(put.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/users/v1/users/settings', headers })).json()).toEqual({
      theme: 'dark',
      n: 2,
    });
    expect(
      (await t.app.inject({ url: '/users/v1/users/settings', headers: await auth(other.id) })).json(),
    ).toEqual({});
  });

  it('rejects oversized settings', async () => {
    const user = await t.createUser();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/users/v1/users/settings',
      headers: await auth(user.id),
      payload: { blob: 'x'.repeat(20_000) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
  });

  it('resends the verification mail only while the address is unverified', async () => {
    const user = await t.createUser();
    const headers = { ...(await auth(user.id)), 'content-type': 'application/json' };
    const before = (await listOutbox(t.db)).filter((m) => m.to === user.email).length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/users/v1/users/byID/${user.id}/confirm`,
      headers,
    });
    expect(res.statusCode).toBe(202);
    const mails = (await listOutbox(t.db)).filter((m) => m.to === user.email);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]?.text).toContain('/auth/verify-email?token=');

    const token = /verify-email\?token=([\w-]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
    await t.accounts.verifyEmail(token);
    const again = await t.app.inject({
      method: 'POST',
      url: `/users/v1/users/byID/${user.id}/confirm`,
      headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict', detail: 'E-mail address already verified.' });
  });

  it("cannot trigger a mail for someone else's account", async () => {
    const alice = await t.createUser();
    const bob = await t.createUser();
    const res = await t.app.inject({
      method: 'POST',
      url: `/users/v1/users/byID/${bob.id}/confirm`,
      headers: await auth(alice.id),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('resending the verification mail', () => {
  it('is limited per user, so it cannot flood an inbox', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const post = async (id: string) =>
      t.app.inject({ method: 'POST', url: `/users/v1/users/byID/${id}/confirm`, headers: await auth(id) });
    for (let i = 0; i < 5; i++) expect((await post(user.id)).statusCode).toBe(202);
    const limited = await post(user.id);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'too_many_requests', status: 429 });
    expect((await post(other.id)).statusCode).toBe(202);
  });
});

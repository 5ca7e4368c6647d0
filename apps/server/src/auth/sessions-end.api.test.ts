import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { iotDevices, iotThings, memberships, organizations, users } from '../db/schema/index.ts';
import type { Account } from '../modules/accounts/account.types.ts';
import { resetTokenFor } from '../modules/accounts/reset-token.fixture.ts';
import { iotTestApp } from '../modules/iot/testing/iot-fixtures.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const PASSWORD = 'correct horse battery';

/** A call with this exact bearer token (the fixtures' `call` signs a fresh one per user). */
function as(app: TestApp, token: string, method: Method, url: string, payload?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (url.startsWith('/iot/v1/clients/token')) headers['content-type'] = 'application/x-www-form-urlencoded';
  return app.app.inject({
    method,
    url,
    headers,
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

/** A token signed before the change being tested (a token's `iat` has whole seconds). */
const earlier = (userId: string) => t.tokenFor(userId, { issuedAt: new Date(Date.now() - 5_000) });

const resetToken = (userId: string) => resetTokenFor(t.db, userId);

async function apiKeyToken(app: TestApp, userToken: string) {
  const key = await as(app, userToken, 'POST', '/iot/v1/clients', { name: 'script' });
  expect(key.statusCode).toBe(201);
  const { client_id, client_secret } = key.json();
  const issue = () =>
    app.app.inject({
      method: 'POST',
      url: '/iot/v1/clients/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'client_credentials', client_id, client_secret }).toString(),
    });
  const issued = await issue();
  expect(issued.statusCode).toBe(200);
  return { token: issued.json().access_token as string, issue };
}

/** Reads and writes an account's token may make, each with the status it answers. */
async function statuses(app: TestApp, token: string) {
  const calls: [Method, string, unknown?][] = [
    ['GET', '/users/v1/users/settings'],
    ['PUT', '/users/v1/users/settings', { theme: 'dark' }],
    ['GET', '/iot/v2/devices'],
    ['PUT', '/iot/v2/devices', { type: 'mkrwifi1010', name: 'after' }],
    ['GET', '/iot/v2/things'],
    ['PUT', '/iot/v2/things', { name: 'after' }],
    ['GET', '/classroom/v1/organizations'],
    ['GET', '/notifications'],
    ['POST', '/iot/v1/clients', { name: 'outlives the reset' }],
  ];
  const out: string[] = [];
  for (const [method, url, body] of calls)
    out.push(`${method} ${url} ${(await as(app, token, method, url, body)).statusCode}`);
  return out;
}
const all = (status: number, answers: string[]) => answers.map((a) => a.replace(/\d+$/, String(status)));

async function deviceCount(userId: string) {
  return (await t.db.select().from(iotDevices).where(eq(iotDevices.ownerUserId, userId))).length;
}

describe('a password reset ends earlier sessions', () => {
  let user: Account;
  beforeAll(async () => {
    user = await t.createUser();
    await f.grantPlan(user.id);
  });

  it('refuses every earlier access token (reads and writes, API keys made with it too), accepts a new one', async () => {
    const old = await earlier(user.id);
    const before = await statuses(t, old);
    expect(before.filter((s) => !/ 20\d$/.test(s))).toEqual([]);
    const key = await apiKeyToken(t, old);

    await t.accounts.resetPassword(await resetToken(user.id), 'a brand new password');

    const after = await statuses(t, old);
    expect(after).toEqual(all(401, after));
    // Signed in again right away (in the very second of the reset): that token works.
    const fresh = await t.tokenFor(user.id);
    expect((await as(t, fresh, 'GET', '/iot/v2/devices')).statusCode).toBe(200);
    expect((await as(t, fresh, 'GET', '/users/v1/users/settings')).statusCode).toBe(200);
    // Not asked to: the API key and its tokens keep working.
    expect((await as(t, key.token, 'GET', '/iot/v2/devices')).statusCode).toBe(200);
    expect((await key.issue()).statusCode).toBe(200);
  });

  it("also ends the user's API keys and their tokens when the reset asks for it", async () => {
    const fresh = await t.tokenFor(user.id);
    const key = await apiKeyToken(t, fresh);
    expect((await as(t, key.token, 'GET', '/iot/v2/things')).statusCode).toBe(200);

    await t.accounts.resetPassword(await resetToken(user.id), 'yet another password', {
      revokeApiKeys: true,
    });

    expect((await as(t, key.token, 'GET', '/iot/v2/things')).statusCode).toBe(401);
    expect((await key.issue()).statusCode).toBe(401);
    expect((await as(t, await t.tokenFor(user.id), 'GET', '/iot/v1/clients')).json()).toEqual([]);
  });

  it('reaches another server process within its cache time, read from the shared database', async () => {
    let clock = 1_000_000;
    const other = await createTestApp(
      {},
      { database: t.database, tokenCheckTtlMs: 60_000, now: () => clock },
    );
    try {
      const someone = await other.createUser();
      const old = await other.tokenFor(someone.id, { issuedAt: new Date(Date.now() - 5_000) });
      expect((await as(other, old, 'GET', '/users/v1/users/settings')).statusCode).toBe(200);

      // The reset happens in this process; the other one trusts what it read for its cache time...
      await t.accounts.resetPassword(await resetToken(someone.id), 'changed elsewhere');
      expect((await as(t, old, 'GET', '/users/v1/users/settings')).statusCode).toBe(401);
      expect((await as(other, old, 'GET', '/users/v1/users/settings')).statusCode).toBe(200);
      // ... and not a moment longer.
      clock += 60_001;
      expect((await as(other, old, 'GET', '/users/v1/users/settings')).statusCode).toBe(401);
      expect((await as(other, old, 'GET', '/iot/v2/devices')).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('deleting an account', () => {
  it('needs the password, then removes the account and its My Cloud and refuses every earlier token', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const old = await earlier(user.id);
    await f.device(user.id, { name: 'mine' });
    await f.thing(user.id, { name: 'mine' });
    const key = await apiKeyToken(t, old);

    const wrong = await as(t, old, 'DELETE', '/users/v1/users/me', { password: 'not it' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'forbidden', detail: 'Wrong password.' });
    expect((await as(t, old, 'DELETE', '/users/v1/users/me', { extra: 1 })).statusCode).toBe(400);

    const done = await as(t, old, 'DELETE', '/users/v1/users/me', { password: PASSWORD });
    expect(done.statusCode).toBe(204);

    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await deviceCount(user.id)).toBe(0);
    expect(await t.db.select().from(iotThings).where(eq(iotThings.ownerUserId, user.id))).toEqual([]);
    const after = await statuses(t, old);
    expect(after).toEqual(all(401, after));
    // Tokens signed now for the deleted user (a provider that does not know yet) are refused too.
    expect(await statuses(t, await t.tokenFor(user.id))).toEqual(all(401, after));
    expect((await as(t, key.token, 'GET', '/iot/v2/devices')).statusCode).toBe(401);
    expect((await key.issue()).statusCode).toBe(401);
    expect(
      (await t.accounts.authenticate(user.email, PASSWORD).catch((e: Error) => e)) instanceof Error,
    ).toBe(true);
  });

  it('never answers 500 to a deleted account whose token another process still trusts', async () => {
    const other = await createTestApp({}, { database: t.database, tokenCheckTtlMs: 60_000, now: () => 0 });
    try {
      const user = await t.createUser();
      const token = await other.tokenFor(user.id);
      expect((await as(other, token, 'GET', '/iot/v2/devices')).statusCode).toBe(200);
      await t.accounts.deleteOwnAccount(user.id, { password: PASSWORD });
      // Within the other process's cache time: reads find nothing of it, writes fail on the missing user.
      const answers = await statuses(other, token);
      expect(answers.filter((a) => / 5\d\d$/.test(a))).toEqual([]);
      expect(answers).toContain('PUT /iot/v2/devices 401');
      expect(answers).toContain('PUT /users/v1/users/settings 401');
    } finally {
      await other.close();
    }
  });

  it("keeps spaces with other members (the user's things pass to an admin), deletes spaces the user was alone in", async () => {
    const owner = await t.createUser();
    const admin = await t.createUser();
    const shared = await f.space('pro', [
      [owner.id, 'role:pro-admin'],
      [admin.id, 'role:pro-admin'],
    ]);
    const alone = await f.space('pro', [[owner.id, 'role:pro-admin']]);
    const device = await f.device(owner.id, { name: 'team_device' }, shared.id);

    await t.accounts.deleteOwnAccount(owner.id, { password: PASSWORD });

    const [row] = await t.db.select().from(iotDevices).where(eq(iotDevices.id, device.id));
    expect(row?.ownerUserId).toBe(admin.id);
    expect(await t.db.select().from(organizations).where(eq(organizations.id, alone.id))).toEqual([]);
    expect(
      (await t.db.select().from(memberships).where(eq(memberships.organizationId, shared.id))).map(
        (m) => m.userId,
      ),
    ).toEqual([admin.id]);
    const list = await f.call(admin.id, 'GET', '/iot/v2/devices', undefined, { space: shared.id });
    expect(list.json().map((d: { id: string }) => d.id)).toEqual([device.id]);
  });

  it("is refused while the user is a space's last admin and others remain", async () => {
    const admin = await t.createUser();
    const member = await t.createUser();
    await f.space(
      'pro',
      [
        [admin.id, 'role:pro-admin'],
        [member.id, 'role:pro-editor'],
      ],
      { name: 'Team Rocket' },
    );
    const res = await f.call(admin.id, 'DELETE', '/users/v1/users/me', { password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'You are the last admin of the space "Team Rocket": make another member admin or delete the space first.',
    );
    expect(await t.db.select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);
  });
});

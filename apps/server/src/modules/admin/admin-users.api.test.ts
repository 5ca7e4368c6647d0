/**
 * The admin console's users (issue 27 item 2): the list (search, sort, pages, each user's plans and spaces),
 * one account, and every action with its audit entry: grant and end a plan, disable and enable (a disabled
 * account's tokens and API keys stop, in this process at once and in another within the token check's bound),
 * send a password-reset link, mark the e-mail verified, make and unmake an operator (never the last one),
 * delete (never oneself).
 */
import type { AdminUser, AdminUsersPage, AuditEntry } from '@tinkercloud/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { mailOutbox, users } from '../../db/schema/index.ts';
import { seedDemoData } from '../../seed/demo-data.ts';
import { ACCOUNT_DISABLED } from '../accounts/account.service.ts';
import { createPlansRepository } from '../plans/plans.repository.ts';
import { adminFixtures } from './testing/admin-fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof adminFixtures>;
let op: { id: string; username: string };

beforeAll(async () => {
  t = await createTestApp({ IOT_RATE_LIMIT_PER_MINUTE: '0' }, { idp: true });
  f = adminFixtures(t);
  op = await f.operator();
});
afterAll(() => t?.close());

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  f.call(op.id, method, url, payload);
const list = async (query: string) => {
  const res = await admin('GET', `/admin/v1/users?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminUsersPage;
};
const one = async (id: string) => (await admin('GET', `/admin/v1/users/${id}`)).json() as AdminUser;
/** The newest audit entries of an action about one account. */
const audited = async (action: string, targetId: string) => {
  const res = await admin('GET', `/admin/v1/audit?action=${action}&who=${targetId}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { entries: AuditEntry[] }).entries;
};
const expectAudited = async (action: string, targetId: string, details: Record<string, unknown> = {}) => {
  const [entry] = await audited(action, targetId);
  expect(entry).toMatchObject({
    action,
    actor_id: op.id,
    actor_label: op.username,
    target_type: 'user',
    target_id: targetId,
    ip: '127.0.0.1',
    details: expect.objectContaining(details),
  });
};

describe('the users list', () => {
  const tag = `q${Date.now().toString(36)}`;
  beforeAll(async () => {
    for (const [i, name] of ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'].entries()) {
      await t.createUser({
        username: `${tag}-${name.split(' ')[0]?.toLowerCase()}`,
        name,
        email: `${tag}${i}@x.example`,
      });
    }
    for (let i = 0; i < 27; i++)
      await t.createUser({ username: `${tag}-page-${String(i).padStart(2, '0')}` });
  });

  it('finds accounts by part of the username, e-mail or name, any case', async () => {
    expect((await list(`q=${tag.toUpperCase()}-ADA`)).users.map((u) => u.name)).toEqual(['Ada Lovelace']);
    expect((await list(`q=${tag}1@X.EXAMPLE`)).users.map((u) => u.name)).toEqual(['Grace Hopper']);
    expect((await list(`q=turing&per_page=100`)).users.map((u) => u.name)).toContain('Alan Turing');
    // LIKE's wildcards are literal text.
    expect((await list(`q=${tag}%25ada`)).total).toBe(0);
  });

  it('sorts and pages, with the total of the search', async () => {
    const pages = [1, 2, 3].map((page) =>
      list(`q=${tag}-page&sort=username&order=asc&per_page=10&page=${page}`),
    );
    const [p1, p2, p3] = await Promise.all(pages);
    expect(p1?.total).toBe(27);
    expect(p1?.users.map((u) => u.username)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${tag}-page-${String(i).padStart(2, '0')}`),
    );
    expect(p2?.users[0]?.username).toBe(`${tag}-page-10`);
    expect(p3?.users).toHaveLength(7);
    const past = await list(`q=${tag}-page&per_page=10&page=9`);
    expect(past).toMatchObject({ users: [], total: 27, page: 9, per_page: 10 });
    const desc = await list(`q=${tag}-page&sort=username&order=desc&per_page=1`);
    expect(desc.users[0]?.username).toBe(`${tag}-page-26`);
  });

  it('sorts by last sign-in, never signed in last, and counts every sign-in', async () => {
    const name = `${tag}-signer`;
    const signer = await t.createUser({ username: name, password: 'correct horse battery' });
    expect((await f.signIn(name, 'correct horse battery')).statusCode).toBe(303);
    const page = await list(`q=${tag}&sort=last_sign_in&order=desc&per_page=2`);
    expect(page.users[0]?.id).toBe(signer.id);
    expect(page.users[0]?.last_sign_in_at).not.toBeNull();
    const asc = await list(`q=${tag}&sort=last_sign_in&order=asc&per_page=1`);
    expect(asc.users[0]?.id).toBe(signer.id);
  });

  it("shows each user's plans, spaces, flags, and the demo account as the demo", async () => {
    const member = await t.createUser({ username: `${tag}-member` });
    await createPlansRepository(t.db).upsertUserPlan(member.id, 'create-maker', null);
    // An ended plan is no plan.
    await createPlansRepository(t.db).upsertUserPlan(member.id, 'create-entry', new Date(Date.now() - 1000));
    const space = await f.space('pro', [[member.id, 'role:pro-editor']], { name: 'Team Rocket' });
    const [row] = (await list(`q=${tag}-member`)).users;
    expect(row).toMatchObject({
      id: member.id,
      username: `${tag}-member`,
      is_minor: false,
      email_verified: false,
      is_operator: false,
      disabled_at: null,
      is_demo: false,
      plans: [{ id: 'create-maker', name: expect.any(String), ends_at: null }],
      spaces: [{ id: space.id, name: 'Team Rocket', space: 'pro', role: 'role:pro-editor' }],
    });
    await seedDemoData({ config: t.config, db: t.db, accounts: t.accounts });
    expect((await list('q=demo@example.com')).users[0]).toMatchObject({ username: 'demo', is_demo: true });
    expect((await list(`q=${op.username}`)).users[0]?.is_operator).toBe(true);
  });

  it('answers one account, and 404 for none', async () => {
    const user = await t.createUser();
    expect(await one(user.id)).toMatchObject({ id: user.id, email: user.email });
    const missing = await admin('GET', '/admin/v1/users/00000000-0000-4000-8000-000000000001');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('User not found');
  });
});

describe('plans', () => {
  it('grants a plan with an end date, and ends it now', async () => {
    const user = await t.createUser();
    const endsAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const granted = await admin('POST', `/admin/v1/users/${user.id}/plans`, {
      plan_id: 'create-maker',
      ends_at: endsAt,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((granted.json() as AdminUser).plans).toEqual([
      { id: 'create-maker', name: expect.any(String), ends_at: endsAt },
    ]);
    await expectAudited('plan.granted', user.id, { plan_id: 'create-maker' });

    const ended = await admin('DELETE', `/admin/v1/users/${user.id}/plans/create-maker`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect((ended.json() as AdminUser).plans).toEqual([]);
    await expectAudited('plan.ended', user.id, { plan_id: 'create-maker' });
    const again = await admin('DELETE', `/admin/v1/users/${user.id}/plans/create-maker`);
    expect(again.statusCode).toBe(404);
  });

  it('grants without an end date, and refuses a past end, seats and a space plan', async () => {
    const user = await t.createUser();
    const forever = await admin('POST', `/admin/v1/users/${user.id}/plans`, { plan_id: 'create-maker' });
    expect((forever.json() as AdminUser).plans[0]?.ends_at).toBeNull();
    const past = await admin('POST', `/admin/v1/users/${user.id}/plans`, {
      plan_id: 'create-maker',
      ends_at: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().detail).toBe('The end date must be in the future.');
    const seats = await admin('POST', `/admin/v1/users/${user.id}/plans`, {
      plan_id: 'create-maker',
      seats: 3,
    });
    expect(seats.json().detail).toBe('Seats apply to spaces only.');
    const team = await admin('POST', `/admin/v1/users/${user.id}/plans`, { plan_id: 'cloud-enterprise' });
    expect(team.statusCode).toBe(400);
  });
});

describe('disable and enable', () => {
  it("refuses the account's sign-in, tokens and API keys while disabled, here at once", async () => {
    const user = await t.createUser({ password: 'correct horse battery' });
    await createPlansRepository(t.db).upsertUserPlan(user.id, 'create-maker', null);
    const token = await t.tokenFor(user.id);
    const key = (await f.call(user.id, 'POST', '/iot/v1/clients', { name: 'script' })).json();
    const keyToken = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/iot/v1/clients/token',
          payload: {
            grant_type: 'client_credentials',
            client_id: key.client_id,
            client_secret: key.client_secret,
          },
        })
      ).json().access_token as string;
    const minted = await keyToken();
    const devices = (bearer: string) =>
      t.app.inject({ url: '/iot/v2/devices', headers: { authorization: `Bearer ${bearer}` } });
    expect((await devices(token)).statusCode).toBe(200);
    expect((await devices(minted)).statusCode).toBe(200);

    const disabled = await admin('POST', `/admin/v1/users/${user.id}/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((disabled.json() as AdminUser).disabled_at).not.toBeNull();
    await expectAudited('user.disabled', user.id);
    // This process forgot what it knew of the account: refused at once, however long it trusts a read.
    expect((await devices(token)).statusCode).toBe(401);
    expect((await f.call(user.id, 'GET', '/users/v1/users/settings')).statusCode).toBe(401);
    expect((await devices(minted)).statusCode).toBe(401);
    expect((await devices(await keyToken())).statusCode).toBe(401);
    const signIn = await f.signIn(user.username, 'correct horse battery');
    expect(signIn.statusCode).toBe(403);
    expect(signIn.body).toContain(ACCOUNT_DISABLED.replace(/'/g, '&#39;').slice(0, 40));
    // Still said only to who knows the password.
    expect((await f.signIn(user.username, 'wrong password!')).statusCode).toBe(401);

    const enabled = await admin('POST', `/admin/v1/users/${user.id}/enable`);
    expect((enabled.json() as AdminUser).disabled_at).toBeNull();
    await expectAudited('user.enabled', user.id);
    expect((await devices(token)).statusCode).toBe(200);
    expect((await devices(await keyToken())).statusCode).toBe(200);
    expect((await f.signIn(user.username, 'correct horse battery')).statusCode).toBe(303);
  });

  it('reaches another server process within the token check bound (5 s)', async () => {
    let clock = Date.now();
    const other = await createTestApp({}, { database: t.database, now: () => clock });
    try {
      const user = await t.createUser();
      // Tokens of the same key: each app signs with its own test key, so the other app signs its own.
      const token = await other.tokenFor(user.id);
      const call = () =>
        other.app.inject({ url: '/users/v1/users/settings', headers: { authorization: `Bearer ${token}` } });
      expect((await call()).statusCode).toBe(200);
      await admin('POST', `/admin/v1/users/${user.id}/disable`);
      // The other process trusts what it read for up to 5 s, then reads the account again.
      clock += 4_000;
      expect((await call()).statusCode).toBe(200);
      clock += 1_001;
      expect((await call()).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('refuses an operator disabling themselves', async () => {
    const res = await admin('POST', `/admin/v1/users/${op.id}/disable`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('You cannot disable your own account: another operator can.');
  });
});

describe('password reset and e-mail', () => {
  it('mails a reset link to the account', async () => {
    const user = await t.createUser();
    const res = await admin('POST', `/admin/v1/users/${user.id}/password-reset`);
    expect(res.statusCode, res.body).toBe(204);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mails.some((m) => /\/auth\/reset-password\?token=/.test(m.text))).toBe(true);
    await expectAudited('user.password_reset_sent', user.id, { email: user.email });
  });

  it('refuses for an account of an external provider, whose password is set there', async () => {
    const ext = await t.accounts.upsertExternalUser({ subject: `ext-${Date.now()}`, email: 'ext@x.example' });
    const res = await admin('POST', `/admin/v1/users/${ext.id}/password-reset`);
    expect(res.statusCode).toBe(409);
  });

  it('marks the e-mail address verified', async () => {
    const user = await t.createUser();
    const res = await admin('POST', `/admin/v1/users/${user.id}/verify-email`);
    expect((res.json() as AdminUser).email_verified).toBe(true);
    await expectAudited('user.email_verified', user.id);
    // Once only: a second call changes nothing and records nothing.
    await admin('POST', `/admin/v1/users/${user.id}/verify-email`);
    expect(await audited('user.email_verified', user.id)).toHaveLength(1);
  });
});

describe('operators', () => {
  it('makes and unmakes an operator; the new one reaches the admin API at once', async () => {
    const user = await t.createUser();
    expect((await f.call(user.id, 'GET', '/admin/v1/me')).statusCode).toBe(404);
    const made = await admin('PUT', `/admin/v1/users/${user.id}/operator`, { operator: true });
    expect((made.json() as AdminUser).is_operator).toBe(true);
    await expectAudited('user.operator_granted', user.id);
    expect((await f.call(user.id, 'GET', '/admin/v1/me')).statusCode).toBe(200);
    const unmade = await admin('PUT', `/admin/v1/users/${user.id}/operator`, { operator: false });
    expect((unmade.json() as AdminUser).is_operator).toBe(false);
    await expectAudited('user.operator_revoked', user.id);
    expect((await f.call(user.id, 'GET', '/admin/v1/me')).statusCode).toBe(404);
  });

  it('refuses unmaking the last operator, and making a minor one', async () => {
    // Every other operator of this file's database unmade first: `op` is the last.
    await t.db.update(users).set({ isOperator: false }).where(eq(users.isOperator, true));
    await t.db.update(users).set({ isOperator: true }).where(eq(users.id, op.id));
    const last = await admin('PUT', `/admin/v1/users/${op.id}/operator`, { operator: false });
    expect(last.statusCode).toBe(409);
    expect(last.json().detail).toBe(
      'This is the last operator of this server: make another account an operator first, or none would be left.',
    );
    expect(await f.isOperator(op.id)).toBe(true);
    const minor = await t.createUser({ isMinor: true, birthday: '2015-01-01' });
    const kid = await admin('PUT', `/admin/v1/users/${minor.id}/operator`, { operator: true });
    expect(kid.statusCode).toBe(409);
    expect(kid.json().detail).toBe('An account for users under 18 cannot be an operator.');
  });
});

describe('delete', () => {
  it('deletes an account with the account-deletion operation, recorded with the operator', async () => {
    const user = await t.createUser();
    const res = await admin('DELETE', `/admin/v1/users/${user.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await admin('GET', `/admin/v1/users/${user.id}`)).statusCode).toBe(404);
    await expectAudited('account.deleted', user.id, { email: user.email });
    const [entry] = await audited('account.deleted', user.id);
    expect(entry?.target_label).toBe(user.username);
  });

  it('refuses an operator deleting themselves', async () => {
    const res = await admin('DELETE', `/admin/v1/users/${op.id}`);
    expect(res.statusCode).toBe(409);
    expect(await f.isOperator(op.id)).toBe(true);
  });
});

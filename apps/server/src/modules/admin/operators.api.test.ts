/**
 * Who becomes an operator (issue 27 item 1): on a fresh install the first adult account signed up (never the
 * seeded demo account), exactly one of racing first sign-ups, the first user of an external provider, and the
 * accounts `OPERATORS` names, at sign-up and at start-up. A server that had accounts before operators existed
 * gives the seat to no sign-up. The sign-up page says so while the seat is open.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { FIRST_OPERATOR_NOTE } from '../../idp/pages/views.ts';
import { seedDemoData } from '../../seed/demo-data.ts';
import { adminFixtures } from './testing/admin-fixtures.ts';

const open: TestApp[] = [];
async function app(env: Record<string, string> = {}, options: Parameters<typeof createTestApp>[1] = {}) {
  const t = await createTestApp(env, { idp: true, ...options });
  open.push(t);
  return { t, f: adminFixtures(t) };
}
afterEach(async () => {
  // Apps on another app's database first: that one closes the database.
  for (const t of open.reverse()) await t.close();
  open.length = 0;
});

const me = async (f: ReturnType<typeof adminFixtures>, userId: string) =>
  (await f.call(userId, 'GET', '/admin/v1/me')).statusCode;

describe('the first operator', () => {
  it('is the first account signed up, not the demo account, and not the second', async () => {
    const { t, f } = await app();
    // The demo account exists before anyone signs up (seeded at first start), with a printed password.
    const demo = await seedDemoData({ config: t.config, db: t.db, accounts: t.accounts });
    expect(demo).not.toBeNull();
    const demoId = (await t.accounts.authenticate('demo', demo?.password ?? '')).id;
    expect(await f.isOperator(demoId)).toBe(false);

    const before = await f.openSignUp();
    expect(before.page).toContain(FIRST_OPERATOR_NOTE);
    const first = await f.signUp('ada');
    const second = await f.signUp('grace');
    expect(first.isOperator).toBe(true);
    expect(second.isOperator).toBe(false);
    expect(await me(f, first.id)).toBe(200);
    expect((await f.call(first.id, 'GET', '/admin/v1/me')).json()).toEqual({ operator: true });
    expect(await me(f, second.id)).toBe(404);
    expect(await me(f, demoId)).toBe(404);
    // The web's question answers everyone signed in, without a 404.
    for (const [id, operator] of [
      [first.id, true],
      [second.id, false],
      [demoId, false],
    ] as const) {
      const asked = await f.call(id, 'GET', '/users/v1/me/operator');
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toEqual({ operator });
    }
    // The seat is taken: the page no longer promises it.
    expect((await f.openSignUp()).page).not.toContain(FIRST_OPERATOR_NOTE);
  });

  it('goes to exactly one of two racing first sign-ups', async () => {
    const { t } = await app();
    const signUp = (username: string) =>
      t.accounts.register({
        email: `${username}@example.org`,
        username,
        password: 'correct horse battery',
        isMinor: false,
        signUp: true,
      });
    const [a, b] = await Promise.all([signUp('racer-a'), signUp('racer-b')]);
    const flags = await Promise.all([a, b].map((u) => adminFixtures(t).isOperator(u.id)));
    expect(flags.filter(Boolean)).toHaveLength(1);
  });

  it('never goes to a minor, whose page does not offer it; the next adult takes it', async () => {
    const { f } = await app();
    expect((await f.openSignUp({ minor: true })).page).not.toContain(FIRST_OPERATOR_NOTE);
    const kid = await f.signUp('kid', { minor: true });
    expect(kid.isOperator).toBe(false);
    expect((await f.signUp('adult')).isOperator).toBe(true);
  });

  it('is the first user of an external provider', async () => {
    const { t, f } = await app();
    const first = await t.accounts.upsertExternalUser({ subject: 'ext-1', email: 'one@example.org' });
    const second = await t.accounts.upsertExternalUser({ subject: 'ext-2', email: 'two@example.org' });
    expect(await f.isOperator(first.id)).toBe(true);
    expect(await f.isOperator(second.id)).toBe(false);
  });

  it('goes to no sign-up on a server that had accounts before operators', async () => {
    const { t, f } = await app();
    // Accounts from before (not sign-ups of this version): the next start closes the seat.
    await t.createUser();
    expect((await f.openSignUp()).page).toContain(FIRST_OPERATOR_NOTE);
    const { f: later } = await app({}, { database: t.database });
    expect((await later.openSignUp()).page).not.toContain(FIRST_OPERATOR_NOTE);
    expect((await later.signUp('stranger')).isOperator).toBe(false);
  });
});

describe('OPERATORS', () => {
  it('makes the accounts it names operators at sign-up, by username or e-mail, any case', async () => {
    const { t, f } = await app({ OPERATORS: 'Root, It@School.example' });
    const root = await t.createUser({ username: 'root' });
    const it = await t.createUser({ email: 'it@school.example' });
    const other = await t.createUser();
    expect(await f.isOperator(root.id)).toBe(true);
    expect(await f.isOperator(it.id)).toBe(true);
    expect(await f.isOperator(other.id)).toBe(false);
    expect(await me(f, root.id)).toBe(200);
    expect(await me(f, other.id)).toBe(404);
  });

  it('makes existing accounts operators at start-up', async () => {
    const { t, f } = await app();
    const carol = await t.createUser({ username: 'carol' });
    expect(await f.isOperator(carol.id)).toBe(false);
    await app({ OPERATORS: 'carol' }, { database: t.database });
    expect(await f.isOperator(carol.id)).toBe(true);
  });

  it('is refused when it names something that is no login', async () => {
    await expect(app({ OPERATORS: 'ok,not a login' })).rejects.toThrow(/OPERATORS/);
  });
});

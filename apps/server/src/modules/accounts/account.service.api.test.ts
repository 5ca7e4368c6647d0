import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { users, userTokens } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { createOidcAdapter } from '../../idp/oidc-adapter.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { type AccountService, createAccountService, type RegisterInput } from './account.service.ts';

let database: DatabaseHandle;
let accounts: AccountService;
const mails: MailMessage[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  accounts = createAccountService({
    db: database.db,
    mailer: { send: async (m) => void mails.push(m) },
    config: { publicUrl: 'http://test.local', productName: 'Tinkercloud' },
    logger: pino({ level: 'silent' }),
  });
});
afterAll(async () => {
  await database?.close();
});

const input = (over: Partial<RegisterInput> = {}): RegisterInput => ({
  email: 'grace@example.com',
  username: 'grace',
  name: 'Grace Hopper',
  password: 'cobol forever',
  isMinor: false,
  ...over,
});

async function rejects(p: Promise<unknown>, code: string, message?: RegExp) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(code);
  if (message) expect((err as AppError).detail).toMatch(message);
}

const lastLink = (to: string, path: string) => {
  const mail = [...mails].reverse().find((m) => m.to === to);
  const m = new RegExp(`http://test\\.local${path}\\?token=([\\w%-]+)`).exec(mail?.text ?? '');
  if (!m?.[1]) throw new Error(`no ${path} link mailed to ${to}`);
  return decodeURIComponent(m[1]);
};

describe('account service', () => {
  it('registers an account and refuses duplicates case-insensitively', async () => {
    const acc = await accounts.register(input());
    expect(acc).toMatchObject({
      email: 'grace@example.com',
      username: 'grace',
      emailVerified: false,
      loginCount: 0,
      tosAccepted: false,
    });
    await rejects(
      accounts.register(input({ username: 'other', email: 'GRACE@Example.COM' })),
      'conflict',
      /e-mail/,
    );
    await rejects(
      accounts.register(input({ email: 'other@example.com', username: 'GRACE' })),
      'conflict',
      /username/,
    );
    const row = (await database.db.select().from(users).where(eq(users.id, acc.id)))[0];
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
  });

  it('validates the fields with clear messages', async () => {
    await rejects(accounts.register(input({ email: 'nope' })), 'validation_error', /valid e-mail/);
    await rejects(
      accounts.register(input({ email: 'x@example.com', username: '_bad' })),
      'validation_error',
      /start with a letter/,
    );
    await rejects(
      accounts.register(input({ email: 'x@example.com', username: 'ok1', password: 'short' })),
      'validation_error',
      /8/,
    );
    await rejects(
      accounts.register(input({ email: 'x@example.com', username: 'ok1', isMinor: true })),
      'validation_error',
      /birthday/,
    );
    const adultBirthday = `${new Date().getUTCFullYear() - 30}-01-01`;
    await rejects(
      accounts.register(
        input({ email: 'x@example.com', username: 'ok1', isMinor: true, birthday: adultBirthday }),
      ),
      'validation_error',
      /under 18/,
    );
    const kid = await accounts.register(
      input({
        email: 'kid@example.com',
        username: 'kid',
        isMinor: true,
        birthday: `${new Date().getUTCFullYear() - 10}-03-04`,
      }),
    );
    expect(kid.isMinor).toBe(true);
    expect(kid.birthday).toMatch(/^\d{4}-03-04$/);
  });

  it('authenticates by e-mail or username, counts logins, and does not tell which part was wrong', async () => {
    const a = await accounts.authenticate('Grace@Example.com', 'cobol forever');
    expect(a.loginCount).toBe(1);
    const b = await accounts.authenticate('GRACE', 'cobol forever');
    expect(b.loginCount).toBe(2);
    await rejects(
      accounts.authenticate('grace', 'wrong password'),
      'unauthorized',
      /^Invalid e-mail\/username or password\.$/,
    );
    await rejects(
      accounts.authenticate('nobody@example.com', 'cobol forever'),
      'unauthorized',
      /^Invalid e-mail\/username or password\.$/,
    );
    await rejects(accounts.authenticate('', ''), 'unauthorized');
  });

  it('verifies the e-mail once with a 24 h token stored only as a hash', async () => {
    const acc = await accounts.authenticate('grace', 'cobol forever');
    await accounts.sendVerificationEmail(acc.id);
    const mail = mails.at(-1);
    expect(mail?.subject).toContain('Tinkercloud');
    expect(mail?.html).toContain('<a href="http://test.local/auth/verify-email?token=');
    const token = lastLink('grace@example.com', '/auth/verify-email');
    const rows = await database.db.select().from(userTokens).where(eq(userTokens.userId, acc.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.tokenHash).not.toContain(token);
    const hours = ((rows[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    expect((await accounts.verifyEmail(token)).emailVerified).toBe(true);
    await rejects(accounts.verifyEmail(token), 'bad_request');
    await rejects(accounts.sendVerificationEmail(acc.id), 'conflict', /^E-mail address already verified\.$/);
  });

  it('refuses expired verification tokens', async () => {
    const acc = await accounts.register(input({ email: 'late@example.com', username: 'late' }));
    await accounts.sendVerificationEmail(acc.id);
    const token = lastLink('late@example.com', '/auth/verify-email');
    await database.db
      .update(userTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(userTokens.userId, acc.id));
    await rejects(accounts.verifyEmail(token), 'bad_request', /expired/);
    await rejects(accounts.verifyEmail(''), 'bad_request');

    // Housekeeping keeps a day of grace, then deletes.
    await accounts.purgeExpiredTokens();
    expect(await database.db.select().from(userTokens).where(eq(userTokens.userId, acc.id))).toHaveLength(1);
    await database.db
      .update(userTokens)
      .set({ expiresAt: sql`now() - interval '2 days'` })
      .where(eq(userTokens.userId, acc.id));
    await accounts.purgeExpiredTokens();
    expect(await database.db.select().from(userTokens).where(eq(userTokens.userId, acc.id))).toHaveLength(0);
  });

  it('resets a password with a one-hour, one-time token', async () => {
    const before = mails.length;
    await accounts.requestPasswordReset('unknown@example.com');
    expect(mails.length).toBe(before);

    await accounts.requestPasswordReset('GRACE@example.com');
    const token = lastLink('grace@example.com', '/auth/reset-password');
    const row = (
      await database.db.select().from(userTokens).where(eq(userTokens.purpose, 'reset_password'))
    )[0];
    expect(((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000).toBeLessThanOrEqual(60);
    expect(await accounts.isResetTokenValid(token)).toBe(true);

    await rejects(accounts.resetPassword(token, 'short'), 'validation_error');
    expect(await accounts.isResetTokenValid(token)).toBe(true);
    await accounts.resetPassword(token, 'new password 42');
    expect(await accounts.isResetTokenValid(token)).toBe(false);
    await rejects(accounts.resetPassword(token, 'another password'), 'bad_request');
    await rejects(accounts.authenticate('grace', 'cobol forever'), 'unauthorized');
    expect((await accounts.authenticate('grace', 'new password 42')).email).toBe('grace@example.com');
  });

  it("ends the account's provider sessions and tokens on a password reset, and only that account's", async () => {
    const mine = await accounts.register(input({ email: 'sessions@example.com', username: 'sessions' }));
    const other = await accounts.register(input({ email: 'bystander@example.com', username: 'bystander' }));
    const session = createOidcAdapter(database.db)('Session');
    const refresh = createOidcAdapter(database.db)('RefreshToken');
    await session.upsert('s-mine', { accountId: mine.id }, 3600);
    await refresh.upsert('r-mine', { accountId: mine.id, grantId: 'g1' }, 3600);
    await session.upsert('s-other', { accountId: other.id }, 3600);

    await accounts.requestPasswordReset('sessions@example.com');
    await accounts.resetPassword(
      lastLink('sessions@example.com', '/auth/reset-password'),
      'a new password 7',
    );

    expect(await session.find('s-mine')).toBeUndefined();
    expect(await refresh.find('r-mine')).toBeUndefined();
    expect(await session.find('s-other')).toMatchObject({ accountId: other.id });
  });

  it('retires older reset tokens once one is used, and refuses expired ones', async () => {
    await accounts.requestPasswordReset('grace@example.com');
    const first = lastLink('grace@example.com', '/auth/reset-password');
    await accounts.requestPasswordReset('grace@example.com');
    const second = lastLink('grace@example.com', '/auth/reset-password');
    await accounts.resetPassword(second, 'third password');
    expect(await accounts.isResetTokenValid(first)).toBe(false);

    await accounts.requestPasswordReset('grace@example.com');
    const third = lastLink('grace@example.com', '/auth/reset-password');
    await database.db
      .update(userTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(userTokens.purpose, 'reset_password'));
    await rejects(accounts.resetPassword(third, 'fourth password'), 'bad_request', /expired/);
  });

  it('accepts the terms once and keeps the first time', async () => {
    const acc = await accounts.authenticate('grace', 'third password');
    expect(acc.tosAccepted).toBe(false);
    expect((await accounts.acceptTerms(acc.id)).tosAccepted).toBe(true);
    const first = (await database.db.select().from(users).where(eq(users.id, acc.id)))[0]?.tosAcceptedAt;
    await accounts.acceptTerms(acc.id);
    const second = (await database.db.select().from(users).where(eq(users.id, acc.id)))[0]?.tosAcceptedAt;
    expect(second?.getTime()).toBe(first?.getTime());
    expect(await accounts.findById('not-a-uuid')).toBeNull();
    await rejects(accounts.acceptTerms('00000000-0000-4000-8000-000000000000'), 'not_found');
  });

  it('maps external identities to one local user with a unique conformant username', async () => {
    const a = await accounts.upsertExternalUser({
      subject: 'ext|1',
      email: 'zoe@ext.example',
      name: 'Zoë Ångström',
      emailVerified: true,
    });
    expect(a.username).toBe('zoe');
    expect(a.emailVerified).toBe(true);
    const again = await accounts.upsertExternalUser({ subject: 'ext|1', name: 'Zoë A.' });
    expect(again.id).toBe(a.id);
    expect(again.name).toBe('Zoë A.');

    const b = await accounts.upsertExternalUser({
      subject: 'ext|2',
      username: 'zoe',
      email: 'zoe2@ext.example',
    });
    expect(b.username).toMatch(/^zoe-\d{4}$/);
    const c = await accounts.upsertExternalUser({ subject: 'ext|3', name: 'Ünïcode Person' });
    expect(c.username).toBe('Unicode_Person');
    expect(c.email).toMatch(/@external\.invalid$/);

    await rejects(
      accounts.upsertExternalUser({ subject: 'ext|4', email: 'GRACE@example.com', emailVerified: false }),
      'conflict',
    );
  });
});

describe('onAccountCreated', () => {
  it('runs once per new account, after its row exists; a failing hook never fails the sign-up', async () => {
    const seen: { id: string; stored: boolean }[] = [];
    const hooked = createAccountService({
      db: database.db,
      mailer: { send: async () => undefined },
      config: { publicUrl: 'http://test.local', productName: 'Tinkercloud' },
      logger: pino({ level: 'silent' }),
      async onAccountCreated(account) {
        const rows = await database.db.select().from(users).where(eq(users.id, account.id));
        seen.push({ id: account.id, stored: rows.length === 1 });
        throw new Error('the hook fails');
      },
    });
    const local = await hooked.register(input({ email: 'hook@example.com', username: 'hooked' }));
    expect(await hooked.authenticate('hooked', 'cobol forever')).toMatchObject({ id: local.id });
    const external = await hooked.upsertExternalUser({ subject: 'ext|hook', name: 'Hooked Ext' });
    // Signing in again is no new account.
    await hooked.upsertExternalUser({ subject: 'ext|hook', name: 'Hooked Ext' });
    expect(seen).toEqual([
      { id: local.id, stored: true },
      { id: external.id, stored: true },
    ]);
  });
});

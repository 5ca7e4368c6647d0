import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO_ACCOUNT, seedDemoData } from './demo-data.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('demo data', () => {
  it('creates a verified demo account once, on embedded defaults', async () => {
    t = await createTestApp();
    const deps = { config: t.config, db: t.db, accounts: t.accounts };
    expect(await seedDemoData(deps)).toEqual(DEMO_ACCOUNT);
    expect(await seedDemoData(deps)).toEqual(DEMO_ACCOUNT);
    const account = await t.accounts.authenticate(DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    expect(account).toMatchObject({ email: DEMO_ACCOUNT.email, emailVerified: true, isMinor: false });
  });

  // One app each: building a fresh app takes a few seconds on a loaded machine.
  it.each([
    ['DEMO_DATA is off', { DEMO_DATA: 'false' }],
    ['a real database is configured', { DATABASE_URL: 'postgres://u@db.invalid/x' }],
    ['a mail server is configured', { SMTP_URL: 'smtp://mail.invalid' }],
  ])('seeds nothing when %s', async (_case, env: Record<string, string>) => {
    t = await createTestApp(env);
    expect(await seedDemoData({ config: t.config, db: t.db, accounts: t.accounts })).toBeNull();
    await expect(t.accounts.authenticate(DEMO_ACCOUNT.username, DEMO_ACCOUNT.password)).rejects.toThrow();
  });
});

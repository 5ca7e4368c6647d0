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

  it('seeds nothing when DEMO_DATA is off or a real database or mail server is configured', async () => {
    const envs: Record<string, string>[] = [
      { DEMO_DATA: 'false' },
      { DATABASE_URL: 'postgres://u@db.invalid/x' },
      { SMTP_URL: 'smtp://mail.invalid' },
    ];
    for (const env of envs) {
      t = await createTestApp(env);
      expect(
        await seedDemoData({ config: t.config, db: t.db, accounts: t.accounts }),
        JSON.stringify(env),
      ).toBeNull();
      await expect(t.accounts.authenticate(DEMO_ACCOUNT.username, DEMO_ACCOUNT.password)).rejects.toThrow();
      await t.close();
      t = undefined;
    }
  });
});

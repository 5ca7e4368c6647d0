import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createAccountRepository } from '../modules/accounts/account.repository.ts';
import type { AccountService } from '../modules/accounts/account.service.ts';
import { DEMO_LOGIN } from '../modules/accounts/demo-account.ts';

/** A ready account so a newcomer can look around at once; printed at start-up. */
export const DEMO_ACCOUNT = {
  ...DEMO_LOGIN,
  name: 'Demo Maker',
  password: 'tinkercloud-demo',
} as const;

/**
 * Seeds demo data on first start. Only with every embedded default on (embedded database and provider, no
 * mail server, no reverse proxy): an account with a published password must never appear in a real deployment.
 */
export async function seedDemoData(deps: { config: Config; db: Database; accounts: AccountService }) {
  if (!deps.config.demoData || !deps.config.devOutbox) return null;
  const repo = createAccountRepository(deps.db);
  const existing = await repo.findByLogin(DEMO_ACCOUNT.username);
  if (existing) return DEMO_ACCOUNT;
  const account = await deps.accounts.register({ ...DEMO_ACCOUNT, isMinor: false });
  await repo.update(account.id, { emailVerified: true });
  return DEMO_ACCOUNT;
}

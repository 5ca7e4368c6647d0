import {
  expectSignedIn,
  latestMail,
  linkIn,
  newAccount,
  signInOnProviderPage,
  signOut,
  signUp,
} from '../support/accounts.ts';
import { expect, test } from '../support/test.ts';

test('forgot password → reset link from the outbox → sign in with the new password', async ({
  page,
  consoleErrors,
}) => {
  // The old password is refused with a 401 page, which the browser reports: provoked on purpose here.
  consoleErrors.allow(/status of 401 .*\/auth\/interaction\/[^/]+\/login\)$/);
  // And the spent link answers 400 at the end.
  consoleErrors.allow(/status of 400 .*\/auth\/reset-password\?token=/);
  const account = await signUp(page, newAccount('reset'));
  await signOut(page);

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  const mail = await latestMail(page, account.email);
  await page.goto(linkIn(mail.text, '/auth/reset-password'));
  const fresh = 'a brand new secret';
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('Repeat the new password').fill(fresh);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  // The old password no longer works; the new one does.
  await page.goto('/');
  await signInOnProviderPage(page, account);
  await expect(page.getByText('Invalid e-mail/username or password.')).toBeVisible();
  await signInOnProviderPage(page, { ...account, password: fresh });
  await expectSignedIn(page, account);

  // The link was for one use only.
  await page.goto(linkIn(mail.text, '/auth/reset-password'));
  await expect(page.getByRole('heading', { name: 'Link expired' })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
});

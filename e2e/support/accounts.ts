import { expect, type Page } from '@playwright/test';

let seq = 0;
export function newAccount(label = 'user') {
  seq += 1;
  const tag = `${label}${Date.now().toString(36)}${seq}`;
  return {
    email: `${tag}@example.com`,
    username: tag,
    name: `Test ${label} ${seq}`,
    password: 'correct horse battery',
  };
}
export type TestAccount = ReturnType<typeof newAccount>;

/** From a sign-in page of the embedded provider, creates the account; the provider signs it in at once. */
export async function createAccountFromSignIn(page: Page, account: TestAccount, birthday?: string) {
  await page.getByRole('link', { name: /create (an )?account/i }).click();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Name', { exact: true }).fill(account.name);
  if (birthday) await page.getByLabel('Birthday').fill(birthday);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: /create account/i }).click();
}

export async function signInOnProviderPage(page: Page, account: TestAccount) {
  await expect(page).toHaveURL(/\/auth\/interaction\//);
  await page.getByLabel(/e-mail or username/i).fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

/** Opens the app, lands on the provider's sign-in page, creates an account, returns to Home signed in. */
export async function signUp(page: Page, account = newAccount(), origin = '') {
  await page.goto(`${origin}/`);
  await expect(page).toHaveURL(/\/auth\/interaction\//);
  await createAccountFromSignIn(page, account);
  await expectSignedIn(page, account);
  return account;
}

export async function expectSignedIn(page: Page, account: TestAccount) {
  await expect(page.getByTestId('user-menu')).toContainText(account.name);
}

export async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  // The provider ends its session and returns to the origin, which (signed out) shows the sign-in page.
  await expect(page).toHaveURL(/\/auth\/interaction\//);
}

/** The newest mail to an address, from the dev outbox. */
export async function latestMail(page: Page, to: string) {
  const res = await page.request.get('/dev/outbox.json');
  expect(res.ok()).toBe(true);
  const mails = (await res.json()) as { to: string; subject: string; text: string }[];
  const mail = mails.find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

export function linkIn(text: string, pathPart: string) {
  const match = new RegExp(`https?://\\S*${pathPart}\\S*`).exec(text);
  if (!match) throw new Error(`no ${pathPart} link in mail`);
  return match[0];
}

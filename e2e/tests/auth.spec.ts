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

test('create account → verify the e-mail from the outbox → sign out → sign in → Home', async ({ page }) => {
  const account = await signUp(page, newAccount('verify'));
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle(/^Home \| Tinkercloud$/);

  const notice = page.getByRole('status').filter({ hasText: 'Please verify your email' });
  await expect(notice).toHaveText(
    /Please verify your email — check your inbox and follow the link we sent\./,
  );
  const box = await notice.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && Math.round(viewport.height - (box.y + box.height))).toBe(50);
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(36);

  // The notice floats over the page, which keeps room for it: on a phone, scrolled to the end, the page's
  // last content ends above the notice, so nothing stays hidden (or unclickable) behind it.
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/devices/');
  await expect(page.getByRole('link', { name: 'Demo_device' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const overlap = await page.evaluate(() => {
    const floating = document.querySelector('.email-notice')?.getBoundingClientRect();
    const content = document.querySelector('main')?.getBoundingClientRect();
    return floating && content ? content.bottom - floating.top : Number.NaN;
  });
  expect(overlap).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');

  // Resend works and writes a second mail.
  await notice.getByRole('button', { name: 'Resend email' }).click();
  await expect
    .poll(async () =>
      (await page.request.get('/dev/outbox.json'))
        .json()
        .then((m: { to: string }[]) => m.filter((x) => x.to === account.email).length),
    )
    .toBe(2);

  const mail = await latestMail(page, account.email);
  await page.goto(linkIn(mail.text, '/auth/verify-email'));
  await expect(page.getByText(/verified/i).first()).toBeVisible();

  await page.goto('/');
  await expectSignedIn(page, account);
  await expect(page.getByText('Please verify your email')).toHaveCount(0);

  await signOut(page);
  await page.goto('/');
  await signInOnProviderPage(page, account);
  await expectSignedIn(page, account);
  await expect(page).toHaveTitle(/^Home \| Tinkercloud$/);
  await expect(page.getByText('Please verify your email')).toHaveCount(0);
});

test('a wrong password is refused with a clear message', async ({ page, consoleErrors }) => {
  // The refusal is a 401 page, which the browser reports in the console: provoked on purpose here.
  consoleErrors.allow(/status of 401 .*\/auth\/interaction\/[^/]+\/login\)$/);
  const account = await signUp(page, newAccount('wrongpw'));
  await signOut(page);
  await page.goto('/');
  await signInOnProviderPage(page, { ...account, password: 'not the password' });
  await expect(page.getByText('Invalid e-mail/username or password.')).toBeVisible();
});

test('the return path is restored after sign-in', async ({ page }) => {
  const account = await signUp(page, newAccount('return'));
  await signOut(page);
  await page.goto('/dashboards/?forcesearch=true');
  await expect(page).toHaveURL(/\/auth\/interaction\//);
  await signInOnProviderPage(page, account);
  await expect(page).toHaveURL(/\/dashboards\/\?forcesearch=true$/);
  await expect(page).toHaveTitle(/^Dashboards \| Tinkercloud$/);
  // The sign-in parameters are gone from the address.
  expect(page.url()).not.toMatch(/[?&](code|state)=/);
});

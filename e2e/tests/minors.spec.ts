import { createAccountFromSignIn, expectSignedIn, newAccount } from '../support/accounts.ts';
import { expect, test } from '../support/test.ts';

test('/minors signs up an under-age account that gets the restricted shell', async ({ page }) => {
  const account = newAccount('kid');
  await page.goto('/minors');
  await expect(page).toHaveURL(/\/auth\/interaction\//);
  const birthday = `${new Date().getFullYear() - 10}-03-15`;
  await createAccountFromSignIn(page, account, birthday);
  await expectSignedIn(page, account);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Sketches', 'Courses']);
  // A minor whose only space is My Cloud is invited to join a shared one (spec 4.4), never to buy a plan.
  await expect(page.getByTestId('minor-banner')).toContainText('JOIN SHARED SPACE');
  await expect(page.getByTestId('free-plan-banner')).toHaveCount(0);

  // Minors are sent home from pages outside Home, Sketches and Courses.
  await page.goto('/devices/');
  await expect(page).toHaveURL(/\/$/);

  // Signed in already: /minors goes home.
  await page.goto('/minors');
  await expect(page).toHaveURL(/\/$/);
});

test('a minor must give a birthday that makes them under age', async ({ page, consoleErrors }) => {
  // The refused form comes back as a 400 page, which the browser reports: provoked on purpose here.
  consoleErrors.allow(/status of 400 .*\/auth\/interaction\/[^/]+\/signup\)$/);
  const account = newAccount('notkid');
  await page.goto('/minors');
  await createAccountFromSignIn(page, account, '1990-01-01');
  await expect(page.getByRole('alert')).toContainText(
    'This account is for users under 18. Create a regular account instead.',
  );
  await expect(page).toHaveURL(/\/auth\//);
});

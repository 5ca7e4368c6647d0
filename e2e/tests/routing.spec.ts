import { newAccount, signUp } from '../support/accounts.ts';
import { expect, test } from '../support/test.ts';

test.describe.configure({ mode: 'serial' });

// Every route of spec section 2.1 with the title it shows, signed in as an adult in My Cloud.
const pages: [string, RegExp | string][] = [
  ['/', 'Home'],
  ['/triggers/', 'Triggers'],
  ['/things/', 'Things'],
  ['/templates/?tab=custom', 'Templates'],
  ['/sketches/', 'Sketches'],
  ['/resources/', 'Resources'],
  ['/plan-usage/', 'Plan Usage'],
  ['/integrations/', 'Integrations'],
  ['/devices/', 'Devices'],
  ['/dashboards/', 'Dashboards'],
  ['/courses/', 'Courses'],
  ['/api-keys/', 'API Keys'],
  ['/devices/new/?type=any', 'New device'],
  ['/templates/new/', 'New template'],
];

test.beforeEach(async ({ page }, info) => {
  if (info.title.startsWith('signed out')) return;
  await signUp(page, newAccount('routes'));
});

test('every sidebar and header route shows its page with a titled document', async ({ page }) => {
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(new RegExp(`^${title} \\| Tinkercloud$`));
    await expect(page.getByText('Something went wrong!')).toHaveCount(0);
  }
});

test('redirecting routes and unknown routes land on Home', async ({ page }) => {
  for (const path of [
    '/trash/',
    '/allitems/',
    '/no/such/page',
    '/settings/',
    '/members/',
    '/roles-permissions/',
    '/branding/',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
  }
});

test('/registration shows its notice and goes on to /courses', async ({ page }) => {
  await page.goto('/registration/');
  await expect(
    page.getByText('Kit registration is no longer necessary. You can access your courses directly.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/courses\/?$/);
});

test('/chrome-app sets the installed-from-store flag and goes home', async ({ page }) => {
  await page.goto('/chrome-app');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('tc-installed-from-store'))).toBe('true');
});

test('search parameters fall back to valid values', async ({ page, consoleErrors }) => {
  // The device and template ids are made up on purpose: the browser reports their 404s (a template id that
  // is not a UUID is never asked for).
  consoleErrors.allow(/status of 404 .*\/iot\/v2\/devices\/00000000-/);
  consoleErrors.allow(/status of 404 .*\/storage\/template\/v1\/00000000-/);
  await page.goto('/templates/');
  await expect(page).toHaveURL(/\/templates\/?\?tab=tinkercloud$/);
  await page.goto('/templates/?tab=bogus');
  await expect(page).toHaveURL(/tab=tinkercloud/);
  await page.goto('/devices/new/?type=bogus');
  await expect(page).toHaveTitle(/^New device \| Tinkercloud$/);
  await expect(page.getByText('Something went wrong!')).toHaveCount(0);
  await page.goto('/templates/not-a-uuid/');
  await expect(page.getByText(/not found/i).first()).toBeVisible();
  // A device or template that fails to load is not found (spec section 8), never a made-up page.
  for (const path of [
    '/devices/00000000-0000-4000-8000-000000000000/',
    '/templates/00000000-0000-4000-8000-000000000000/',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(/^Not Found \| Tinkercloud$/);
  }
});

test('every route resolve pushes a pageview to the data layer', async ({ page }) => {
  const pageviews = () =>
    page.evaluate(() =>
      (window as unknown as { dataLayer?: { event: string; path?: string }[] }).dataLayer
        ?.filter((e) => e.event === 'pageview')
        .map((e) => e.path),
    );
  await page.goto('/things/');
  // A navigation the next click supersedes never resolves, so it rightly sends no pageview: let the things
  // route resolve before leaving it. The address changes before a route resolves, so poll rather than read once.
  await expect.poll(pageviews).toEqual(['/things/']);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Devices' }).click();
  await expect(page).toHaveURL(/\/devices\/?$/);
  await expect.poll(pageviews).toEqual(['/things/', '/devices/']);
});

test('signed out: a protected page sends the browser to sign-in, and the public auth-failed page shows', async ({
  page,
}) => {
  await page.goto('/auth-failed/');
  await expect(page.getByText('Auth Failed')).toBeVisible();
  await page.goto('/things/');
  await expect(page).toHaveURL(/\/auth\/interaction\//);
});

import type { Page } from '@playwright/test';
import { expectSignedIn, signInOnProviderPage, signUp } from '../support/accounts.ts';
import { BASE_URL } from '../support/base-url.ts';
import { createSpace, member, selectSpace } from '../support/spaces.ts';
import { expect, test } from '../support/test.ts';

const card = (page: Page, kind: 'devices' | 'things' | 'dashboards' | 'sketches') =>
  page.getByTestId(`recent-${kind}`);

test("Home lists the demo's device with its live status, its thing and dashboard, each a working link", async ({
  page,
  checkA11y,
}) => {
  await signUp(page);
  await expect(page.getByRole('heading', { name: 'Recently changed' })).toBeVisible();

  const devices = card(page, 'devices');
  const device = devices.getByRole('listitem').filter({ hasText: 'Demo_device' });
  // The simulated board connects (slowly on a busy machine); Home hears it from the live stream.
  await expect(device.locator('.device-status')).toHaveAttribute('data-status', 'ONLINE', {
    timeout: 30_000,
  });
  const thing = card(page, 'things').getByRole('listitem').filter({ hasText: 'Demo thing' });
  await expect(thing.locator('.device-status')).toHaveText('ONLINE');
  const dashboard = card(page, 'dashboards').getByRole('listitem').filter({ hasText: 'Demo dashboard' });
  await expect(dashboard).toContainText('6 widgets');
  // The demo thing's sketch, opening the editor.
  await expect(card(page, 'sketches').getByRole('link', { name: 'Demo_thing' })).toHaveAttribute(
    'href',
    /^\/sketches\/[0-9a-f-]+\/$/,
  );
  await expect(page.getByRole('heading', { name: 'Start with your first device' })).toHaveCount(0);
  await checkA11y('Home with recent items');

  await device.getByRole('link', { name: 'Demo_device' }).click();
  await expect(page).toHaveURL(/\/devices\/[0-9a-f-]{36}\/$/);
  await expect(page.getByRole('heading', { name: 'Demo_device', level: 1 })).toBeVisible();

  await page.goBack();
  await card(page, 'things').getByRole('link', { name: 'Demo thing' }).click();
  await expect(page).toHaveURL(/\/things\/[0-9a-f-]{36}\/$/);
  await expect(page.getByRole('heading', { name: 'Demo thing', level: 1 })).toBeVisible();

  await page.goBack();
  await card(page, 'dashboards').getByRole('link', { name: 'Demo dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboards\/[0-9a-f-]{36}\/$/);
  await expect(page.getByRole('heading', { name: 'Demo dashboard', level: 1 })).toBeVisible();

  await page.goBack();
  await card(page, 'devices').getByRole('link', { name: 'All devices' }).click();
  await expect(page).toHaveURL(/\/devices\/$/);
});

test('an empty team space shows the get-started path, whose steps lead to their pages, also at 360 px', async ({
  page,
  checkA11y,
}) => {
  const owner = await member(BASE_URL, 'emptyteam');
  await createSpace(owner, 'pro', 'Empty Workshop');
  await page.goto('/');
  await signInOnProviderPage(page, owner.account);
  await expectSignedIn(page, owner.account);
  await selectSpace(page, 'Empty Workshop');
  await expect(page.getByTestId('space-selector')).toContainText('Empty Workshop');

  const path = page.getByRole('region', { name: 'Start with your first device' });
  await expect(path).toContainText('Empty Workshop has no devices, things, dashboards or sketches yet.');
  await expect(card(page, 'devices')).toHaveCount(0);
  await checkA11y('Home of an empty space');

  await path.getByRole('link', { name: /Add a device/ }).click();
  await expect(page).toHaveURL(/\/devices\/new\/\?type=any$/);
  await page.goBack();
  await path.getByRole('link', { name: /Create a thing/ }).click();
  await expect(page).toHaveURL(/\/things\/$/);
  await expect(page.getByRole('heading', { name: 'Things', level: 1 })).toBeVisible();
  await page.goBack();
  await path.getByRole('link', { name: /Build a dashboard/ }).click();
  await expect(page).toHaveURL(/\/dashboards\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboards', level: 1 })).toBeVisible();

  // Still the selected space, at phone width: the path fits without sideways scrolling.
  await page.goBack();
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(path).toBeVisible();
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits).toBe(true);
});

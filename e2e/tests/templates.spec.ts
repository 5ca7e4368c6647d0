import { signUp } from '../support/accounts.ts';
import { expect, test } from '../support/test.ts';

test('a custom template made from the demo thing and dashboard is applied with a prefix', async ({
  page,
  checkA11y,
}) => {
  await signUp(page);
  await page.goto('/templates/?tab=custom');
  await expect(page.getByText('No templates yet')).toBeVisible();
  await checkA11y('custom templates, empty');

  await page.getByRole('link', { name: 'New template' }).click();
  await expect(page).toHaveURL(/\/templates\/new\/$/);
  await page.getByLabel('Template name').fill('Demo kit');
  await page.getByLabel('Description (optional)').fill('The demo thing and its dashboard');
  await page.getByRole('checkbox', { name: 'Demo thing' }).check();
  await page.getByRole('checkbox', { name: 'Demo dashboard' }).check();
  await checkA11y('new template');
  await page.getByRole('button', { name: 'Create template' }).click();

  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}\/$/);
  await expect(page.getByRole('heading', { name: 'Demo kit', level: 1 })).toBeVisible();
  await expect(page.getByText('Things (1)')).toBeVisible();
  await expect(page.getByText('Dashboards (1)')).toBeVisible();
  await checkA11y('template detail');

  await page.getByRole('link', { name: 'Apply template' }).click();
  await expect(page).toHaveURL(/\/apply\/$/);
  // The demo device runs the demo thing, so no device is free to offer.
  const device = page.getByLabel('Device for Demo thing');
  await expect(device.locator('option')).toHaveText(['No device']);
  await page.getByLabel('Name prefix (optional)').fill('Copy');
  await checkA11y('apply template');
  await page.getByRole('button', { name: 'Apply template' }).click();
  await expect(page.getByText('Template applied')).toBeVisible();

  const dashboardHref = await page.getByRole('link', { name: 'Copy Demo dashboard' }).getAttribute('href');
  expect(dashboardHref).toMatch(/^\/dashboards\/[0-9a-f-]{36}\/$/);
  await page.getByRole('link', { name: 'Copy Demo thing' }).click();
  await expect(page.getByRole('heading', { name: 'Copy Demo thing', level: 1 })).toBeVisible();
  await expect(page.getByText('counter', { exact: true }).first()).toBeVisible();
  await page.goto(dashboardHref as string);
  await expect(page.getByRole('heading', { name: 'Copy Demo dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Counter' })).toBeVisible();

  await page.goto('/templates/?tab=custom');
  await expect(page.getByRole('link', { name: 'Demo kit', exact: true })).toBeVisible();
});

test('a built-in template is applied from its dialog on a 360 px screen', async ({ page, checkA11y }) => {
  await signUp(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/templates/');
  await expect(page).toHaveURL(/\/templates\/\?tab=tinkercloud$/);
  await expect(page.getByRole('heading', { name: 'Weather station' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await checkA11y('built-in templates');

  await page.getByRole('button', { name: 'Use template Weather station' }).click();
  const dialog = page.getByRole('dialog', { name: 'Weather station' });
  await expect(dialog.getByText('Things (1)')).toBeVisible();
  await dialog.getByLabel('Name prefix (optional)').fill('Roof');
  await checkA11y('built-in template dialog');
  await dialog.getByRole('button', { name: 'Apply template' }).click();
  await expect(dialog.getByText('Template applied')).toBeVisible();

  await dialog.getByRole('link', { name: 'Roof Weather', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Roof Weather', level: 1 })).toBeVisible();
  await page.goto('/things/');
  await expect(page.getByRole('link', { name: 'Roof Weather station' })).toBeVisible();
});

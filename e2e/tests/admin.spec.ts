import type { Page } from '@playwright/test';
import {
  expectSignedIn,
  newAccount,
  signInOnProviderPage,
  signOut,
  signUp,
  type TestAccount,
} from '../support/accounts.ts';
import { apiSession } from '../support/api.ts';
import { expectNoPageScroll, settle } from '../support/layout.ts';
import { type OwnServer, operatorSession, ownServer } from '../support/operator.ts';
import { expect, test } from '../support/test.ts';

/**
 * The operator's console (issue 27) on a server of its own: without STORE_URL, so SEE PLANS and Upgrade plan
 * lead to the app's Plans page where users ask the operator, and fresh, so its first account is the
 * operator (support/operator.ts makes sure of it with the admin CLI otherwise).
 */
const PORT = Number(process.env.E2E_ADMIN_PORT ?? 4316);
/** What a non-operator's menu or visit to /admin/ asks: the contract's 404 for anyone but an operator. */
const NOT_OPERATOR_404 = /status of 404 .*\/admin\/v1\/me\)$/;

let server: OwnServer;
let operator: TestAccount;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  server = await ownServer({ label: 'admin', port: PORT });
});

test.afterAll(async () => {
  await server?.stop();
});

/** Signs in on Home (where the user menu shows who is signed in), then opens `path`. */
async function signInAs(page: Page, account: TestAccount, path = '/') {
  await page.goto(`${server.url}/`);
  await signInOnProviderPage(page, account);
  await expectSignedIn(page, account);
  if (path !== '/') await page.goto(`${server.url}${path}`);
}

const planCard = (page: Page, name: string) =>
  page.getByTestId('plan-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('an operator finds a user, grants Maker, and that user creates a trigger', async ({
  page,
  checkA11y,
}) => {
  operator = await operatorSession(page, server);
  const maker = await apiSession(server.url, newAccount('maker'), { signUp: true });
  const thing = await maker.call<{ id: string }>('PUT', '/iot/v2/things', {
    name: 'Greenhouse',
    properties: [
      { name: 'temperature', type: 'TEMPERATURE_C', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' },
    ],
  });
  const [temperature] = await maker.call<{ id: string }[]>('GET', `/iot/v2/things/${thing.id}/properties`);
  const username = maker.account.username;

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/$/);
  await expect(page.getByRole('heading', { name: 'Admin: Users', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search accounts' }).fill(username);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${username}`));
  const row = page.getByTestId('admin-user-row').filter({ hasText: username });
  await expect(page.getByTestId('admin-user-row')).toHaveCount(1);
  await expect(row.locator('[data-label="Plans"]')).toHaveText('Free');

  await row.getByRole('button', { name: username }).click();
  const detail = page.getByRole('dialog', { name: `Account ${username}` });
  await detail.getByLabel('Plan', { exact: true }).selectOption({ label: 'Maker' });
  await detail.getByRole('button', { name: 'Grant Maker' }).click();
  await expect(page.getByText(`Maker granted to ${username}`)).toBeVisible();
  await expect(detail.getByRole('button', { name: 'End Maker' })).toBeVisible();
  await checkA11y('user detail');
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(row.locator('[data-label="Plans"]')).toHaveText('Maker');
  // The grant is in the audit log.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByTestId('audit-row').filter({ hasText: 'Plan granted' }).first()).toBeVisible();

  // The user now has a plan with triggers. (The console's header layout has no user menu in view: Home has.)
  await page.goto(`${server.url}/`);
  await signOut(page);
  await signInOnProviderPage(page, maker.account);
  await expectSignedIn(page, maker.account);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Triggers/ })
    .click();
  await page.getByRole('button', { name: 'Create trigger' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create trigger' });
  await dialog.getByLabel('Trigger name').fill('Too hot');
  await dialog.getByLabel('Variable', { exact: true }).selectOption(temperature?.id ?? '');
  await dialog.getByLabel('When it', { exact: true }).selectOption({ label: 'is above' });
  await dialog.getByLabel('Value', { exact: true }).fill('30');
  await dialog.getByRole('button', { name: 'Create trigger' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('trigger-row').filter({ hasText: 'Too hot' })).toContainText(
    'When it is above 30',
  );
});

test('a second user asks for a plan from SEE PLANS and the operator approves it', async ({
  page,
  browser,
  consoleErrors,
}) => {
  const asker = await signUp(page, newAccount('asker'), server.url);
  await page.getByTestId('free-plan-banner').getByRole('link', { name: 'SEE PLANS' }).click();
  await expect(page).toHaveURL(/\/plans\/$/);
  await expect(page.getByTestId('plans-intro')).toContainText('given by its operator');
  await planCard(page, 'Maker').getByRole('button', { name: 'Ask for Maker' }).click();
  const ask = page.getByRole('dialog', { name: 'Ask for Maker' });
  await ask.getByLabel('Message to the operator').fill('For the greenhouse project');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Request for Maker sent to the operator')).toBeVisible();
  await expect(page.getByTestId('plan-request')).toContainText('Waiting for the operator');

  // Not an operator: /admin/ is the normal Not Found page (the check's 404 is the contract's answer).
  consoleErrors.allow(NOT_OPERATOR_404);
  await page.goto(`${server.url}/admin/`);
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();

  // The operator decides in a browser of its own (sessions of one browser would mix).
  const context = await browser.newContext();
  try {
    const op = await context.newPage();
    await signInAs(op, operator, '/admin/requests/');
    const request = op.getByTestId('admin-request-row').filter({ hasText: asker.username });
    await expect(request).toContainText('For the greenhouse project');
    await request.getByRole('button', { name: `Grant Maker to ${asker.username}` }).click();
    const grant = op.getByRole('dialog', { name: `Grant Maker to ${asker.username}?` });
    await grant.getByLabel('Note to the user').fill('Enjoy');
    await grant.getByRole('button', { name: 'Grant Maker' }).click();
    await expect(op.getByText(`Maker granted to ${asker.username}`)).toBeVisible();
    await expect(op.getByText('No request waits for a decision')).toBeVisible();
  } finally {
    await context.close();
  }

  await page.goto(`${server.url}/plans/`);
  await expect(page.getByTestId('plan-request')).toContainText('Granted');
  await expect(page.getByTestId('plan-request')).toContainText('Enjoy');
  await expect(planCard(page, 'Maker').getByText('Your plan')).toBeVisible();
  // The upgrade link follows the plan held: never to Maker again.
  await expect(page.getByTestId('upgrade-link')).toHaveAttribute('href', '/plans/?plan=create-maker-plus');
});

test('the console and the Plans page at 360 px in the dark theme: no sideways scroll, no axe violation', async ({
  page,
  checkA11y,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('tc-theme', 'dark'));
  await signInAs(page, operator, '/admin/');
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const tabs = page.getByRole('navigation', { name: 'Admin' });
  for (const tab of ['Users', 'Spaces', 'Plans', 'Requests', 'Health', 'Audit log']) {
    await tabs.getByRole('link', { name: tab, exact: true }).click();
    await expect(page.getByRole('heading', { name: `Admin: ${tab}`, level: 1 })).toBeVisible();
    await settle(page);
    await expectNoPageScroll(page, `admin ${tab}`);
    await checkA11y(`admin ${tab}, 360 px, dark`);
  }
  await tabs.getByRole('link', { name: 'Users', exact: true }).click();
  await page.getByTestId('admin-user-row').first().getByRole('rowheader').getByRole('button').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoPageScroll(page, 'user detail');
  await checkA11y('user detail, 360 px, dark');
  await page.keyboard.press('Escape');

  await page.goto(`${server.url}/plans/`);
  await settle(page);
  await expectNoPageScroll(page, '/plans/');
  await checkA11y('/plans/, 360 px, dark');
});

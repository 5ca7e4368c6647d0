import type { Page } from '@playwright/test';
import { expectSignedIn, newAccount, signInOnProviderPage, signUp } from '../support/accounts.ts';
import { apiSession } from '../support/api.ts';
import { BASE_URL } from '../support/base-url.ts';
import { expectNoPageScroll, settle } from '../support/layout.ts';
import { expect, test } from '../support/test.ts';

interface StoredWidget {
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
  width_mobile?: number;
}

/** Adds a widget from the palette and links it to a variable of the demo thing in its dialog. */
async function addWidget(page: Page, kind: string, variable: string) {
  await page.getByRole('button', { name: `Add ${kind}` }).click();
  const dialog = page.getByRole('dialog', { name: `Configure ${kind}` });
  await dialog.getByLabel('Linked variable').selectOption({ label: variable });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
}

test('a maker builds a dashboard in the browser, writes values from it, lays it out for phones, clones and shares it', async ({
  page,
  browser,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  // The person to share with needs an account first.
  const viewer = await apiSession(BASE_URL, newAccount('viewer'), { signUp: true });
  const owner = await signUp(page);
  const session = await apiSession(BASE_URL, owner);
  // The demo thing has no number a slider may write: the maker adds one.
  const [demo] = await session.call<{ id: string }[]>('GET', '/iot/v2/things');
  await session.call('PUT', `/iot/v2/things/${demo?.id}/properties`, {
    name: 'speed',
    type: 'INT',
    permission: 'READ_WRITE',
    update_strategy: 'ON_CHANGE',
  });

  await page.goto('/dashboards/');
  await page.getByRole('button', { name: 'Create dashboard' }).click();
  const create = page.getByRole('dialog', { name: 'Create dashboard' });
  await create.getByLabel('Dashboard name').fill('Greenhouse');
  await create.getByRole('button', { name: 'Create dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Greenhouse', level: 1 })).toBeVisible();
  const id = page.url().match(/\/dashboards\/([^/]+)\//)?.[1] as string;

  await page.getByRole('button', { name: 'Edit' }).click();
  await addWidget(page, 'Gauge', 'temperature');
  await addWidget(page, 'Chart', 'humidity');
  await addWidget(page, 'Switch', 'led');
  await addWidget(page, 'Slider', 'speed');
  // The keyboard moves the gauge one column right and makes it a row taller.
  const move = page.getByRole('button', { name: /^Move Gauge/ });
  await move.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await checkA11y('editor');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

  await page.reload();
  const gauge = page.getByRole('article', { name: 'Gauge' });
  await expect(gauge).toHaveCSS('grid-column-start', '2');
  await expect(gauge).toHaveCSS('grid-row-end', 'span 4');
  await expect(page.getByRole('meter', { name: 'Gauge' })).toBeAttached();
  await expect(page.getByRole('article', { name: 'Chart' })).toBeVisible();

  // Written through the publish API and stored: the values survive a reload.
  const toggle = page.getByRole('switch', { name: 'Switch' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  const slider = page.getByRole('slider', { name: 'Slider' });
  await slider.fill('45');
  await expect(page.getByRole('article', { name: 'Slider' }).getByTestId('widget-value')).toHaveText('45');
  await expect
    .poll(async () => {
      const props = await session.call<{ name: string; last_value?: unknown }[]>(
        'GET',
        `/iot/v2/things/${demo?.id}/properties`,
      );
      return props.find((p) => p.name === 'speed')?.last_value;
    })
    .toBe(45);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Switch' })).toHaveAttribute('aria-checked', 'true');

  // The phone layout is edited apart, in a phone-wide preview, and shown on narrow windows.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Phone layout' }).click();
  // A new gauge is three of the phone's four columns wide: one step narrower makes it half the width.
  await page.getByRole('button', { name: /^Move Gauge/ }).focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await expectNoPageScroll(page, 'phone layout editor');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Gauge' })).toHaveCSS('grid-column-end', 'span 2');
  await settle(page);
  await expectNoPageScroll(page, 'dashboard at 360 px');
  const stored = await session.call<{ widgets: StoredWidget[] }>('GET', `/iot/v2/dashboards/${id}`);
  expect(stored.widgets.find((w) => w.type === 'gauge')).toMatchObject({
    x: 1,
    y: 0,
    width: 3,
    height: 4,
    width_mobile: 2,
  });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Clone: a copy with its own id and the same widgets.
  await page.getByRole('button', { name: 'Clone' }).click();
  await expect(page).not.toHaveURL(new RegExp(id));
  await expect(page.getByRole('article', { name: 'Gauge' })).toBeVisible();
  await page.goto(`/dashboards/${id}/`);

  // Share with the viewer by e-mail address; they see it read only.
  await page.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share dashboard' });
  await share.getByLabel('Username or e-mail').fill(viewer.account.email);
  await share.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(share.getByRole('list', { name: 'Shared with' })).toContainText(viewer.account.username);
  await share.getByRole('button', { name: 'Done' }).click();

  const other = await browser.newContext({ baseURL: BASE_URL });
  const viewerPage = await other.newPage();
  await viewerPage.goto('/');
  await signInOnProviderPage(viewerPage, viewer.account);
  await expectSignedIn(viewerPage, viewer.account);
  await viewerPage.goto(`/dashboards/${id}/`);
  await expect(viewerPage.getByRole('heading', { name: 'Greenhouse', level: 1 })).toBeVisible();
  await expect(viewerPage.getByText(/Shared with you by/)).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(viewerPage.getByRole('switch', { name: 'Switch' })).toBeDisabled();
  await expect(viewerPage.getByRole('slider', { name: 'Slider' })).toBeDisabled();
  await other.close();

  // Stop sharing: the viewer is gone from the list.
  await page.getByRole('button', { name: 'Share' }).click();
  await share.getByRole('button', { name: `Stop sharing with ${viewer.account.username}` }).click();
  await expect(share.getByText('Not shared yet')).toBeVisible();
});

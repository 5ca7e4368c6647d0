import type { Page } from '@playwright/test';
import { expectSignedIn, newAccount, signInOnProviderPage } from '../support/accounts.ts';
import { type ApiSession, apiSession } from '../support/api.ts';
import { BASE_URL } from '../support/base-url.ts';
import { expectNoPageScroll, settle } from '../support/layout.ts';
import { createSpace, selectSpace } from '../support/spaces.ts';
import { expect, test } from '../support/test.ts';

/**
 * Every signed-in page of the sidebar and header groups at a phone and a desktop width, in both themes: no
 * page-level horizontal scroll, and no serious or critical axe violation (dark contrast included).
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const THEMES = ['light', 'dark'] as const;
const TEAM_SPACE = 'Responsive Team';

interface Ids {
  device: string;
  thing: string;
  dashboard: string;
  /** A thing with a read-write variable of each kind, with values: every value view and write control. */
  kinds: string;
}

let owner: ApiSession;

const KIND_VALUES: [string, string, unknown][] = [
  ['on', 'STATUS', true],
  ['level', 'TEMPERATURE_C', 21.5],
  ['note', 'CHARSTRING', 'a rather long message that has to wrap on a phone screen without scrolling'],
  ['lamp', 'COLOR_HSB', { hue: 200, sat: 80, bri: 90 }],
  ['strip', 'HOME_COLORED_LIGHT', { swi: true, hue: 20, sat: 100, bri: 50 }],
  ['dimmer', 'HOME_DIMMED_LIGHT', { swi: true, bri: 40 }],
  ['place', 'LOCATION', { lat: 45.0703, lon: 7.6869 }],
  ['watering', 'SCHEDULE', { frm: 1_780_299_000, to: 0, len: 1800, msk: 3 * 2 ** 30 + 2 ** 26 + 1 }],
  ['tv', 'HOME_TELEVISION', { swi: true, vol: 20, mut: false, pbc: 0, inp: 0, cha: 5 }],
];
let ids: Ids;

test.beforeAll(async () => {
  // One account for every combination: a fresh account gets the demo device, thing and dashboard.
  owner = await apiSession(BASE_URL, newAccount('resp'), { signUp: true });
  const devices = await owner.call<{ id: string }[]>('GET', '/iot/v2/devices');
  const things = await owner.call<{ id: string }[]>('GET', '/iot/v2/things');
  const dashboards = await owner.call<{ id: string }[]>('GET', '/iot/v2/dashboards');
  const [device, thing, dashboard] = [devices[0], things[0], dashboards[0]];
  if (!device || !thing || !dashboard) throw new Error('the demo device, thing or dashboard is missing');
  const kinds = await owner.call<{ id: string; properties: { id: string; name: string }[] }>(
    'PUT',
    '/iot/v2/things',
    {
      name: 'Every kind',
      properties: KIND_VALUES.map(([name, type]) => ({
        name,
        type,
        permission: 'READ_WRITE',
        update_strategy: 'ON_CHANGE',
      })),
    },
  );
  for (const [name, , value] of KIND_VALUES) {
    const property = kinds.properties.find((p) => p.name === name);
    await owner.call('PUT', `/iot/v2/things/${kinds.id}/properties/${property?.id}/publish`, { value });
  }
  ids = { device: device.id, thing: thing.id, dashboard: dashboard.id, kinds: kinds.id };
  // A device in the trash, so the trash view shows its table.
  const trashed = await owner.call<{ id: string }>('PUT', '/iot/v2/devices', {
    name: 'trashed-sensor',
    type: 'login_and_secretkey_wifi',
  });
  await owner.call('DELETE', `/iot/v2/devices/${trashed.id}`);
  // A team space, for the pages only organisations have (settings, members, roles, branding).
  await createSpace(owner, 'pro', TEAM_SPACE);
});

/** My Cloud pages: the sidebar group, then the header group's detail pages. */
const myCloudPages = () => [
  '/',
  '/sketches/',
  '/devices/',
  // The lists' trash view (features/lists), with the device deleted in beforeAll.
  '/devices/?view=trash',
  `/devices/${ids.device}/`,
  `/devices/${ids.device}/networkconfig/`,
  `/devices/${ids.device}/fwupdate/`,
  '/things/',
  `/things/${ids.thing}/`,
  `/things/${ids.kinds}/`,
  '/dashboards/',
  `/dashboards/${ids.dashboard}/`,
  '/triggers/',
  '/templates/',
  '/templates/?tab=custom',
  '/templates/new/',
  '/resources/',
  '/courses/',
  '/integrations/',
  '/api-keys/',
  '/plan-usage/',
];
const teamPages = ['/settings/', '/members/', '/roles-permissions/', '/branding/', '/plan-usage/'];

/** Signs in at desktop width (where the user menu is in view), then takes the size to test. */
async function signIn(page: Page, theme: (typeof THEMES)[number], viewport = DESKTOP) {
  // The stored choice, as the user menu leaves it (the menu itself is tested below).
  await page.addInitScript((value) => window.localStorage.setItem('tc-theme', value), theme);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await signInOnProviderPage(page, owner.account);
  await expectSignedIn(page, owner.account);
  await page.setViewportSize(viewport);
}

async function checkPages(page: Page, paths: string[], checkA11y: (label?: string) => Promise<void>) {
  for (const path of paths) {
    await page.goto(path);
    await settle(page);
    await expectNoPageScroll(page, path);
    await checkA11y(path);
  }
}

for (const [sizeName, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  for (const theme of THEMES) {
    test(`every signed-in page at ${sizeName} size in the ${theme} theme: no sideways scroll, no axe violation`, async ({
      page,
      checkA11y,
    }) => {
      test.setTimeout(300_000);
      await signIn(page, theme, viewport);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await checkPages(page, myCloudPages(), checkA11y);

      await page.goto('/');
      await settle(page);
      await selectSpace(page, TEAM_SPACE);
      await expect(page.getByTestId('space-selector')).toContainText(TEAM_SPACE);
      await checkPages(page, teamPages, checkA11y);
    });
  }
}

test('at 360 px the variable dialog fits and passes axe', async ({ page, checkA11y }) => {
  await signIn(page, 'light', PHONE);
  await page.goto(`/things/${ids.kinds}/`);
  await settle(page);
  await page.getByRole('button', { name: 'Add variable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add variable' });
  await dialog.getByLabel('Search types').fill('temp');
  await dialog.getByLabel('Variable type').selectOption('TEMPERATURE_C');
  await expect(dialog.getByLabel('Minimum')).toBeVisible();
  await expectNoPageScroll(page, 'variable dialog');
  const box = await dialog.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await checkA11y('variable dialog');
});

for (const theme of THEMES) {
  test(`the dashboard editor fits at 360 px and at desktop size and passes axe in the ${theme} theme`, async ({
    page,
    checkA11y,
  }) => {
    await signIn(page, theme, PHONE);
    await page.goto(`/dashboards/${ids.dashboard}/`);
    await settle(page);
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('button', { name: 'Add Gauge' })).toBeVisible();
    // A phone opens the phone layout, in its own preview.
    await expect(page.getByRole('button', { name: 'Phone layout' })).toHaveAttribute('aria-pressed', 'true');
    await settle(page);
    await expectNoPageScroll(page, 'dashboard editor, phone layout');
    await checkA11y('dashboard editor at 360 px');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Desktop layout' }).click();
    await page.getByRole('button', { name: 'Add Gauge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configure Gauge' });
    await expect(dialog.getByLabel('Minimum')).toBeVisible();
    await checkA11y('widget dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await settle(page);
    await expectNoPageScroll(page, 'dashboard editor, desktop');
    await checkA11y('dashboard editor at desktop size');
    await page.getByRole('button', { name: 'Cancel' }).click();
  });
}

test('at 360 px the sidebar is a dialog behind the menu button, usable by keyboard', async ({
  page,
  checkA11y,
}) => {
  await signIn(page, 'light', PHONE);
  await settle(page);
  // No column beside the page: the navigation waits behind the menu button.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  const menuButton = page.getByRole('button', { name: 'Open menu' });

  // Tab from the top of the page reaches the menu button first.
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Menu' });
  await expect(dialog).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  // Focus moved into the dialog, and the page behind it is inert.
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
  await expect(dialog.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await checkA11y('menu dialog open');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(menuButton).toBeFocused();

  // A link in the dialog navigates and closes it.
  await menuButton.click();
  await dialog.getByRole('link', { name: 'Devices' }).click();
  await expect(page).toHaveURL(/\/devices\/$/);
  await expect(dialog).toBeHidden();
  await settle(page);
  await expectNoPageScroll(page, '/devices/');
  // The table scrolls inside its own box.
  const table = page.getByRole('table', { name: 'Devices' });
  await expect(table).toBeVisible();

  // Wider than the breakpoint, the column is back and the menu button gone.
  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(menuButton).toHaveCount(0);
});

test('the theme chosen in the user menu is remembered and applied before the app runs', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await signInOnProviderPage(page, owner.account);
  await expectSignedIn(page, owner.account);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();

  await page.getByTestId('user-menu').click();
  const dark = page.getByRole('menuitemradio', { name: 'Dark' });
  await expect(page.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
  await dark.click();
  await expect(dark).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const darkBackground = await background();
  expect(darkBackground).not.toBe(light);

  // Held back, the app's script has not run: the boot loader is already on the dark background.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  await expect(page.locator('.boot-loader')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background()).toBe(darkBackground);
  release();
  await expectSignedIn(page, owner.account);

  // System follows the system setting again.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitemradio', { name: 'System' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await background()).toBe(darkBackground);
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await background()).toBe(light);
});

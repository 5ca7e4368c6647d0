import type { Page } from '@playwright/test';
import { signUp } from '../support/accounts.ts';
import { apiSession } from '../support/api.ts';
import { BASE_URL } from '../support/base-url.ts';
import { expectNoPageScroll, settle } from '../support/layout.ts';
import { expect, test } from '../support/test.ts';

/** Adds a widget from the palette and links it to a variable of the demo thing in its dialog. */
async function addWidget(page: Page, kind: string, variable: string) {
  await page.getByRole('button', { name: `Add ${kind}` }).click();
  const dialog = page.getByRole('dialog', { name: `Configure ${kind}` });
  await dialog.getByLabel('Linked variable').selectOption({ label: variable });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
}

const TILES = /^https:\/\/tile\.openstreetmap\.org\//;

test('maps, a messenger and writes on the demo thing: the device confirms, a refused write rolls back, phones and axe', async ({
  page,
  consoleErrors,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  // The tests run without internet: the tile server cannot be reached, as on a network without it. The
  // browser itself logs each failed tile load; the map must still draw its markers and route.
  await page.route(TILES, (route) => route.abort('internetdisconnected'));
  consoleErrors.allow(
    /Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(https:\/\/tile\.openstreetmap\.org\//,
  );

  const owner = await signUp(page);
  const session = await apiSession(BASE_URL, owner);
  const [demo] = await session.call<{ id: string }[]>('GET', '/iot/v2/things');
  const thing = demo?.id as string;
  const addVariable = (name: string, type: string) =>
    session.call<{ id: string }>('PUT', `/iot/v2/things/${thing}/properties`, {
      name,
      type,
      permission: 'READ_WRITE',
      update_strategy: 'ON_CHANGE',
    });
  const place = await addVariable('place', 'LOCATION');
  const pump = await addVariable('pump', 'STATUS');
  // A tracker's last three places: the advanced map draws them as a route.
  for (const value of [
    { lat: 45.0703, lon: 7.6869 },
    { lat: 45.0712, lon: 7.6901 },
    { lat: 45.0731, lon: 7.6934 },
  ])
    await session.call('PUT', `/iot/v2/things/${thing}/properties/${place.id}/publish`, { value });

  await page.goto('/dashboards/');
  await page.getByRole('button', { name: 'Create dashboard' }).click();
  const create = page.getByRole('dialog', { name: 'Create dashboard' });
  await create.getByLabel('Dashboard name').fill('Tracker');
  await create.getByRole('button', { name: 'Create dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Tracker', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  await addWidget(page, 'Map', 'place');
  await addWidget(page, 'Advanced map', 'place');
  await addWidget(page, 'Messenger', 'message');
  await addWidget(page, 'Switch', 'led');
  await addWidget(page, 'Switch', 'pump');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

  // The map marks the latest place; the advanced map joins the three into a route. No tiles: a plain map.
  const map = page.getByRole('article', { name: 'Map', exact: true });
  await expect(map.getByTestId('widget-value')).toHaveText('45.07310, 7.69340');
  await expect(map.locator('path.widget-map-marker')).toHaveCount(1);
  await expect(map.getByText('Map tiles could not be loaded')).toBeVisible();
  const route = page.getByRole('article', { name: 'Advanced map' });
  await expect(route.getByTestId('widget-value')).toHaveText('3 places, latest 45.07310, 7.69340');
  await expect(route.locator('path.widget-map-route')).toHaveCount(1);
  await expect(route.locator('path.widget-map-marker')).toHaveCount(1);
  // A new place arrives through the live stream and extends the route.
  await session.call('PUT', `/iot/v2/things/${thing}/properties/${place.id}/publish`, {
    value: { lat: 45.075, lon: 7.7 },
  });
  await expect(route.getByTestId('widget-value')).toHaveText('4 places, latest 45.07500, 7.70000');
  await expect(map.getByTestId('widget-value')).toHaveText('45.07500, 7.70000');

  // The messenger lists what is sent to the text variable, newest first.
  const [message] = (
    await session.call<{ id: string; name: string }[]>('GET', `/iot/v2/things/${thing}/properties`)
  ).filter((p) => p.name === 'message');
  await session.call('PUT', `/iot/v2/things/${thing}/properties/${message?.id}/publish`, {
    value: 'Gate open',
  });
  await expect(page.getByRole('article', { name: 'Messenger' })).toContainText('Gate open');

  // The simulated board applies the led write and echoes it: the widget shows the device's answer.
  const cards = page.getByRole('article', { name: 'Switch' });
  const led = cards.nth(0);
  await expect(led.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  await led.getByRole('switch').click();
  await expect(led.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  await expect(led.getByTestId('write-state')).toHaveText('Confirmed by the device', { timeout: 20_000 });

  // A refused write (the variable was removed meanwhile) goes back and says why in the spec's words.
  consoleErrors.allow(
    /status of 404 \(Not Found\) \(http:\/\/127\.0\.0\.1:\d+\/iot\/v2\/things\/[^/]+\/properties\/[^/]+\/publish\)/,
  );
  const pumpCard = cards.nth(1);
  await expect(pumpCard.getByRole('switch')).toBeEnabled();
  await session.call('DELETE', `/iot/v2/things/${thing}/properties/${pump.id}`);
  await pumpCard.getByRole('switch').click();
  await expect(page.getByText(/^Network Error: /)).toBeVisible();
  await expect(pumpCard.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  await expect(pumpCard.getByTestId('write-state')).toHaveCount(0);
  await checkA11y('widgets on the dashboard');

  // On a phone the maps, messenger and switches stack in the phone layout, without sideways scrolling.
  await page.setViewportSize({ width: 360, height: 740 });
  await settle(page);
  await expect(route.locator('path.widget-map-route')).toHaveCount(1);
  await expectNoPageScroll(page, 'dashboard with maps at 360 px');
  await checkA11y('dashboard at 360 px');

  // The dark theme keeps every widget readable (the map's plain background included).
  await page.evaluate(() => window.localStorage.setItem('tc-theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(route.getByTestId('widget-value')).toHaveText('4 places, latest 45.07500, 7.70000');
  await expect(route.locator('path.widget-map-route')).toHaveCount(1);
  await checkA11y('dashboard in the dark theme');
});

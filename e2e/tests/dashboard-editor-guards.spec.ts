import type { Dialog, Locator, Page } from '@playwright/test';
import { signUp } from '../support/accounts.ts';
import { type ApiSession, apiSession } from '../support/api.ts';
import { BASE_URL } from '../support/base-url.ts';
import { expect, test } from '../support/test.ts';

/** The dashboard editor's safety nets: nothing added by a cancelled dialog, nothing lost without a word,
 * nothing stacked or overlapping, a messenger that sends and lists each message once. */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface StoredWidget {
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
  x_mobile: number;
  y_mobile: number;
  width_mobile: number;
  height_mobile: number;
}

/** Two boxes share more than a border pixel. */
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;

async function boxesOf(items: Locator): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const item of await items.all()) {
    const box = await item.boundingBox();
    if (box) boxes.push(box);
  }
  return boxes;
}

/**
 * The boxes once the grid has stopped moving them: react-grid-layout animates a widget pushed aside, so a
 * read during the animation sees it on its way (two reads in a row agree once it has arrived).
 */
async function settledBoxes(items: Locator): Promise<Box[]> {
  let last = JSON.stringify(await boxesOf(items));
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await boxesOf(items));
        const same = now === last;
        last = now;
        return same;
      },
      { intervals: [150] },
    )
    .toBe(true);
  return JSON.parse(last) as Box[];
}

function expectApart(boxes: readonly Box[], where: string) {
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1))
      expect(overlap(a, b), `${where}: ${JSON.stringify([a, b])}`).toBe(false);
}

const cellsOverlap = (a: StoredWidget, b: StoredWidget, phone: boolean) =>
  phone
    ? a.x_mobile < b.x_mobile + b.width_mobile &&
      b.x_mobile < a.x_mobile + a.width_mobile &&
      a.y_mobile < b.y_mobile + b.height_mobile &&
      b.y_mobile < a.y_mobile + a.height_mobile
    : a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function newDashboard(page: Page, session: ApiSession, name: string) {
  const { id } = await session.call<{ id: string }>('POST', '/iot/v2/dashboards', { name });
  await page.goto('/dashboards/');
  await page.getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  return id;
}

/** Adds a widget from the palette and, if given, links it to a variable of the demo thing in its dialog. */
async function addWidget(page: Page, kind: string, variable?: string) {
  await page.getByRole('button', { name: `Add ${kind}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Configure ${kind}` });
  if (variable) await dialog.getByLabel('Linked variable').selectOption({ label: variable });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
}

test('a cancelled widget dialog adds nothing; new widgets fill the first free places; a corner resize saves no overlap', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const owner = await signUp(page);
  const session = await apiSession(BASE_URL, owner);
  const id = await newDashboard(page, session, 'Layout');
  await page.getByRole('button', { name: 'Edit' }).click();
  const items = page.getByTestId('editor-widget');

  // Cancel, then Escape, in a new widget's dialog: no widget is added.
  await page.getByRole('button', { name: 'Add Gauge', exact: true }).click();
  const gaugeDialog = page.getByRole('dialog', { name: 'Configure Gauge' });
  await gaugeDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(gaugeDialog).toBeHidden();
  await page.getByRole('button', { name: 'Add Switch', exact: true }).click();
  const switchDialog = page.getByRole('dialog', { name: 'Configure Switch' });
  await expect(switchDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(switchDialog).toBeHidden();
  await expect(items).toHaveCount(0);
  // Nothing changed: Cancel leaves without asking.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('No widgets yet')).toBeVisible();

  // Four widgets: the gauge, chart and switch share the first row; the value goes under the switch.
  await page.getByRole('button', { name: 'Edit' }).click();
  await addWidget(page, 'Gauge', 'temperature');
  await addWidget(page, 'Chart', 'humidity');
  await addWidget(page, 'Switch', 'led');
  await addWidget(page, 'Value', 'counter');
  await expect(items).toHaveCount(4);
  const [gauge, chart, toggle, value] = (await settledBoxes(items)) as [Box, Box, Box, Box];
  expect(Math.abs(chart.y - gauge.y)).toBeLessThan(2);
  expect(Math.abs(toggle.y - gauge.y)).toBeLessThan(2);
  expect(chart.x).toBeGreaterThan(gauge.x + gauge.width - 1);
  expect(toggle.x).toBeGreaterThan(chart.x + chart.width - 1);
  expect(Math.abs(value.x - toggle.x)).toBeLessThan(2);
  expect(value.y).toBeGreaterThan(toggle.y + toggle.height - 1);
  expect(value.y).toBeLessThan(chart.y + chart.height);
  expectApart([gauge, chart, toggle, value], 'editor after adding');

  // A corner resize grows the gauge over the chart beside it: the chart makes room, nothing overlaps.
  const handle = items.nth(0).locator('.react-resizable-handle');
  const from = (await handle.boundingBox()) as Box;
  const columns = (chart.x - gauge.x) / 3;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 2 * columns, from.y + from.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect
    .poll(async () => ((await items.nth(0).boundingBox()) as Box).width)
    .toBeGreaterThan(gauge.width + columns);
  expectApart(await settledBoxes(items), 'editor after the corner resize');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

  const stored = await session.call<{ widgets: StoredWidget[] }>('GET', `/iot/v2/dashboards/${id}`);
  const saved = stored.widgets;
  expect(saved.find((w) => w.type === 'gauge')?.width).toBeGreaterThan(3);
  for (const phone of [false, true])
    for (const [i, a] of saved.entries())
      for (const b of saved.slice(i + 1))
        expect(cellsOverlap(a, b, phone), `${a.type} over ${b.type}`).toBe(false);
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(4);
  expectApart(await settledBoxes(page.getByRole('article')), 'dashboard after saving');
});

test('unsaved changes: Cancel asks (Keep editing keeps them, Discard drops them), leaving asks; dialogs at 360 px', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  const owner = await signUp(page);
  const session = await apiSession(BASE_URL, owner);
  await newDashboard(page, session, 'Guarded');
  const items = page.getByTestId('editor-widget');

  await page.getByRole('button', { name: 'Edit' }).click();
  await addWidget(page, 'Gauge', 'temperature');
  await addWidget(page, 'Switch', 'led');
  await page.getByRole('button', { name: 'Cancel' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(discard).toBeHidden();
  await expect(items).toHaveCount(2);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByText('No widgets yet')).toBeVisible();

  // Leaving the page with unsaved changes asks too: Back inside the app, and closing or reloading the tab.
  await page.getByRole('button', { name: 'Edit' }).click();
  await addWidget(page, 'Switch', 'led');
  await page.goBack();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toContainText('This dashboard has unsaved changes.');
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(items).toHaveCount(1);
  const asked = new Promise<Dialog>((resolve) => page.once('dialog', resolve));
  await page.close({ runBeforeUnload: true });
  const unload = await asked;
  expect(unload.type()).toBe('beforeunload');
  await unload.dismiss();
  await expect(items).toHaveCount(1);
  await page.goBack();
  await leave.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/dashboards\/$/);

  // On a phone the editor's dialogs fit the screen and pass axe.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('link', { name: 'Guarded' }).first().click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Add Gauge', exact: true }).click();
  const configure = page.getByRole('dialog', { name: 'Configure Gauge' });
  await expect(configure).toBeVisible();
  const box = (await configure.boundingBox()) as Box;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  await expect(configure.getByRole('button', { name: 'Apply' })).toBeInViewport();
  await checkA11y('widget dialog at 360 px');
  await configure.getByLabel('Linked variable').selectOption({ label: 'temperature' });
  await configure.getByRole('button', { name: 'Apply' }).click();
  await expect(items).toHaveCount(1);
  await checkA11y('editor at 360 px');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(discard.getByRole('button', { name: 'Discard' })).toBeInViewport();
  await expect(discard.getByRole('button', { name: 'Keep editing' })).toBeInViewport();
  await checkA11y('discard dialog at 360 px');
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByText('No widgets yet')).toBeVisible();
});

test('a messenger on a writable variable sends text and shows it once though the board echoes it; the map zooms under the header', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  // No internet here: map tiles fail as on a network without them.
  await page.route(/^https:\/\/tile\.openstreetmap\.org\//, (route) => route.abort('internetdisconnected'));
  consoleErrors.allow(
    /Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(https:\/\/tile\.openstreetmap/,
  );
  await page.setViewportSize({ width: 1366, height: 900 });
  const owner = await signUp(page);
  const session = await apiSession(BASE_URL, owner);
  const [demo] = await session.call<{ id: string }[]>('GET', '/iot/v2/things');
  const thing = demo?.id as string;
  const properties = await session.call<{ id: string; name: string; type: string }[]>(
    'GET',
    `/iot/v2/things/${thing}/properties`,
  );
  const message = properties.find((p) => p.name === 'message') as { id: string };
  // The demo board declares `message`: once the dashboard may write it, the board applies and echoes writes.
  await session.call('POST', `/iot/v2/things/${thing}/properties/${message.id}`, {
    name: 'message',
    type: 'CHARSTRING',
    permission: 'READ_WRITE',
    update_strategy: 'ON_CHANGE',
  });
  const place = await session.call<{ id: string }>('PUT', `/iot/v2/things/${thing}/properties`, {
    name: 'place',
    type: 'LOCATION',
    permission: 'READ_ONLY',
    update_strategy: 'ON_CHANGE',
  });
  await session.call('PUT', `/iot/v2/things/${thing}/properties/${place.id}/publish`, {
    value: { lat: 45.07, lon: 7.68 },
  });

  await newDashboard(page, session, 'Chat');
  await page.getByRole('button', { name: 'Edit' }).click();
  await addWidget(page, 'Messenger', 'message');
  await addWidget(page, 'Map', 'place');
  await addWidget(page, 'Chart', 'humidity');
  await addWidget(page, 'Advanced chart', 'temperature');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

  const messenger = page.getByRole('article', { name: 'Messenger' });
  const text = 'Water the tomatoes';
  await messenger.getByRole('textbox', { name: 'Message to send from Messenger' }).fill(text);
  await messenger.getByRole('button', { name: 'Send' }).click();
  await expect(messenger.getByRole('textbox', { name: 'Message to send from Messenger' })).toHaveValue('');
  const sent = messenger.getByRole('listitem').filter({ hasText: text });
  await expect(sent).toHaveCount(1);
  // The history holds the write and the board's echo of it; the messenger still lists it once.
  await expect
    .poll(async () => {
      const body = await session.call<{ responses: { values: unknown[] }[] }>(
        'POST',
        '/iot/v2/series/batch_query_raw',
        { resp_version: 1, requests: [{ q: `property.${message.id}`, sort: 'DESC', series_limit: 20 }] },
      );
      return body.responses[0]?.values.filter((v) => v === text).length;
    })
    .toBe(2);
  await expect(sent).toHaveCount(1);
  await page.reload();
  await expect(messenger.getByRole('listitem').filter({ hasText: text })).toHaveCount(1);

  // Scrolled so the map's zoom button sits behind the sticky header: the header is what is on top there.
  await page.setViewportSize({ width: 1366, height: 420 });
  const zoomIn = page.locator('.leaflet-control-zoom-in');
  await expect(zoomIn).toBeVisible();
  const header = (await page.locator('.header-bar').boundingBox()) as Box;
  const zoom = (await zoomIn.boundingBox()) as Box;
  await page.evaluate((dy) => window.scrollBy(0, dy), zoom.y - header.y - header.height / 2);
  const onTop = await zoomIn.evaluate((button) => {
    const r = button.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return { covered: Boolean(top?.closest('.header-bar')), y: r.y };
  });
  expect(onTop.y, 'the zoom button is scrolled behind the header').toBeLessThan(header.height);
  expect(onTop.covered, 'the header covers the zoom button').toBe(true);
});

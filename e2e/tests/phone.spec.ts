import type { Locator, Page, Response } from '@playwright/test';
import { expectSignedIn, newAccount, signInOnProviderPage, signOut } from '../support/accounts.ts';
import { type ApiSession, apiSession } from '../support/api.ts';
import { BASE_URL } from '../support/base-url.ts';
import { expectNoPageScroll, settle } from '../support/layout.ts';
import { expect, test } from '../support/test.ts';

/**
 * Phone-sized screens (issue 28 item 5): at 360 px every row's controls are in view without sideways
 * scrolling (lists and tables turn into cards), values never break inside a word, the header's back link
 * leaves the product name alone; and the app installs (manifest, icons) with a service worker that serves
 * only the shell, never an API answer.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

let owner: ApiSession;
let thingId: string;

test.beforeAll(async () => {
  // A fresh account gets the demo device, thing and dashboard; this thing adds a unit and an on/off value.
  owner = await apiSession(BASE_URL, newAccount('phone'), { signUp: true });
  const thing = await owner.call<{ id: string; properties: { id: string; name: string }[] }>(
    'PUT',
    '/iot/v2/things',
    {
      name: 'Greenhouse',
      properties: [
        {
          name: 'room_temperature',
          type: 'TEMPERATURE_C',
          permission: 'READ_WRITE',
          update_strategy: 'ON_CHANGE',
        },
        { name: 'fan', type: 'STATUS', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' },
        { name: 'greeting', type: 'CHARSTRING', permission: 'READ_ONLY', update_strategy: 'ON_CHANGE' },
      ],
    },
  );
  const values: Record<string, unknown> = {
    room_temperature: 24.88,
    fan: false,
    greeting: 'Good morning from the greenhouse controller',
  };
  for (const property of thing.properties) {
    await owner.call('PUT', `/iot/v2/things/${thing.id}/properties/${property.id}/publish`, {
      value: values[property.name],
    });
  }
  thingId = thing.id;
});

async function signIn(page: Page, account = owner.account) {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await signInOnProviderPage(page, account);
  await expectSignedIn(page, account);
  await page.setViewportSize(PHONE);
}

/**
 * Where the control sits: its box must lie inside the window and inside every box that clips it (a table's
 * own scroller), with nothing scrolled sideways to get there. The page scrolls down to it only (never across).
 */
async function expectInView(control: Locator, what: string) {
  await expect(control, what).toBeVisible();
  const where = await control.evaluate((el) => {
    const box = el.getBoundingClientRect();
    window.scrollTo(0, window.scrollY + box.top - window.innerHeight / 2);
    const now = el.getBoundingClientRect();
    const clippedBy: string[] = [];
    const scrolled: string[] = [];
    for (let parent = el.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      if (now.left < clip.left - 0.5 || now.right > clip.right + 0.5) clippedBy.push(parent.className);
      if (parent.scrollLeft !== 0 || parent.scrollWidth > parent.clientWidth + 1)
        scrolled.push(parent.className);
    }
    return { left: now.left, right: now.right, width: window.innerWidth, clippedBy, scrolled };
  });
  expect(where.left, `${what}: left edge in the window`).toBeGreaterThanOrEqual(0);
  expect(where.right, `${what}: right edge in the window`).toBeLessThanOrEqual(where.width);
  expect(where.clippedBy, `${what}: cut off by a scroller`).toEqual([]);
  expect(where.scrolled, `${what}: a box around it scrolls sideways`).toEqual([]);
}

/**
 * The words of an element that are split over two lines: each word (and a number with its unit, joined by a
 * no-break space) must sit on one line. Measured with a Range around each word: its boxes all share one top.
 */
async function brokenWords(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const words = /[^ \n\t]+/g;
      for (let match = words.exec(text); match; match = words.exec(text)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    // A number and its unit live in two elements: together on one line.
    for (const value of Array.from(root.querySelectorAll('.value-number'))) {
      const tops = new Set(Array.from(value.getClientRects()).map((r) => Math.round(r.top)));
      const parts = Array.from(value.children).map((c) => Math.round(c.getBoundingClientRect().top));
      if (tops.size > 1 || new Set(parts).size > 1) broken.push(value.textContent ?? '');
    }
    return broken;
  });
}

test("at 360 px the thing page's Send a value, Edit and Delete are in view, and values stay whole", async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`/things/${thingId}/`);
  await settle(page);
  await expectNoPageScroll(page, 'thing page');
  const row = (name: string) => page.getByTestId('variable-row').filter({ hasText: name });
  await expect(page.getByTestId('variable-row')).toHaveCount(3);
  for (const name of ['room_temperature', 'fan', 'greeting']) {
    await expectInView(row(name).getByRole('button', { name: `Edit ${name}` }), `Edit ${name}`);
    await expectInView(row(name).getByRole('button', { name: `Delete ${name}` }), `Delete ${name}`);
  }
  // Send a value: the number's field and its Send button, the switch of the on/off one.
  const temperature = row('room_temperature');
  await expectInView(temperature.getByLabel('New value for room_temperature'), 'the value field');
  await expectInView(temperature.getByRole('button', { name: 'Send room_temperature' }), 'Send');
  await expectInView(row('fan').getByRole('switch', { name: 'fan' }), 'the fan switch');

  // The values, whole: "24.88 °C" on one line, "Off" not "Of / f", the message broken only between words.
  await expect(temperature.getByTestId('variable-value')).toHaveText('24.88');
  await expect(temperature.locator('.value-number')).toHaveText('24.88\u00a0°C');
  await expect(row('fan').getByTestId('variable-value')).toHaveText('Off');
  for (const name of ['room_temperature', 'fan', 'greeting']) {
    expect(await brokenWords(row(name)), `${name}: words broken across lines`).toEqual([]);
  }
  // The same thing, changed by hand: in the old table a value column squeezed to a few letters broke them.
  const valueWidth = await row('fan')
    .getByTestId('variable-value')
    .evaluate((el) => el.getBoundingClientRect().width);
  expect(valueWidth).toBeGreaterThan(20);
});

test("at 360 px the Devices list's Move and Delete are in view for every row", async ({ page }) => {
  await signIn(page);
  await page.goto('/devices/');
  await settle(page);
  await expectNoPageScroll(page, 'devices list');
  const rows = page.getByTestId('device-row');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const name = (await rows.nth(i).getByRole('link').first().textContent())?.trim() ?? '';
    await expectInView(rows.nth(i).getByRole('button', { name: `Move ${name}` }), `Move ${name}`);
    await expectInView(rows.nth(i).getByRole('button', { name: `Delete ${name}` }), `Delete ${name}`);
    await expectInView(rows.nth(i).getByRole('checkbox'), `Select ${name}`);
    expect(await brokenWords(rows.nth(i)), `${name}: words broken across lines`).toEqual([]);
  }
  // The list still sorts with the header's buttons, which stay in view above the cards.
  await expectInView(page.getByRole('button', { name: 'Name', exact: true }), 'sort by name');
  await expectInView(page.getByRole('checkbox', { name: 'Select all' }), 'select all');
  // Move opens its dialog from the card.
  const first = rows.first();
  const firstName = (await first.getByRole('link').first().textContent())?.trim() ?? '';
  await first.getByRole('button', { name: `Move ${firstName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Move ${firstName}` });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('at 360 px the other lists keep their controls in view', async ({ page }) => {
  await signIn(page);
  for (const path of ['/things/', '/dashboards/', '/sketches/']) {
    await page.goto(path);
    await settle(page);
    await expectNoPageScroll(page, path);
    const controls = page
      .locator('main table')
      .getByRole('button')
      .or(page.locator('main table').getByRole('link'));
    const count = await controls.count();
    expect(count, `${path} lists something`).toBeGreaterThan(0);
    for (let i = 0; i < count; i += 1) await expectInView(controls.nth(i), `${path} control ${i}`);
  }
});

test("the header's back link never covers the product name at 360 px", async ({ page }) => {
  await signIn(page);
  const dashboards = await owner.call<{ id: string }[]>('GET', '/iot/v2/dashboards');
  for (const [path, back] of [
    [`/things/${thingId}/`, 'All things'],
    [`/dashboards/${dashboards[0]?.id}/`, 'All dashboards'],
  ] as const) {
    await page.goto(path);
    await settle(page);
    const brand = page.locator('header [data-testid="space-brand"]');
    const link = page.locator('header').getByRole('link', { name: back });
    await expect(link).toBeVisible();
    const [b, l] = [await brand.boundingBox(), await link.boundingBox()];
    if (!b || !l) throw new Error('no box for the brand or the back link');
    expect(l.x, `${path}: the back link starts after the product name`).toBeGreaterThanOrEqual(b.x + b.width);
    expect(l.x + l.width, `${path}: the back link ends in the window`).toBeLessThanOrEqual(PHONE.width);
    // The name is shown whole, not cut.
    const name = brand.locator('.brand');
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(name).toHaveText('Tinkercloud');
  }
});

/** A PNG's width and height, from its header. */
function pngSize(body: Buffer) {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
}

test('the app installs: a valid manifest with reachable icons, linked from every page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/interaction\//);
  await signInOnProviderPage(page, owner.account);
  await expectSignedIn(page, owner.account);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);

  const res = await page.request.get(href ?? '');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest.name).toBe('Tinkercloud');
  expect(manifest.display).toBe('standalone');
  expect(new URL(manifest.start_url, BASE_URL).origin).toBe(new URL(BASE_URL).origin);
  const seen: string[] = [];
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe(icon.type);
    expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
    seen.push(`${icon.sizes} ${icon.purpose}`);
  }
  expect(seen).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  // The start page answers (a page load, the app itself).
  expect((await page.request.get(manifest.start_url)).status()).toBe(200);
});

test.describe('the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('serves the shell, never an API answer: after a sign-out, the next account sees only its own things', async ({
    page,
  }) => {
    const [alpha, bravo] = [newAccount('alpha'), newAccount('bravo')];
    for (const [account, thing] of [
      [alpha, 'Alpha bench'],
      [bravo, 'Bravo bench'],
    ] as const) {
      const session = await apiSession(BASE_URL, account, { signUp: true });
      await session.call('PUT', '/iot/v2/things', { name: thing });
    }
    const answers: Response[] = [];
    page.on('response', (res) => answers.push(res));

    await signIn(page, alpha);
    // The worker controls the page (it claims it on activation): what follows goes through it.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
      .toBe(true);
    await page.goto('/things/');
    await settle(page);
    await expect(page.getByRole('link', { name: 'Alpha bench' })).toBeVisible();
    // Its shell files came from the worker's cache this time.
    expect(answers.some((res) => res.url().includes('/assets/') && res.fromServiceWorker())).toBe(true);

    await page.setViewportSize(DESKTOP);
    await signOut(page);
    await signInOnProviderPage(page, bravo);
    await expectSignedIn(page, bravo);
    await page.goto('/things/');
    await settle(page);
    await expect(page.getByRole('link', { name: 'Bravo bench' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Alpha bench' })).toHaveCount(0);

    // No API answer came from the worker, and its cache holds only the shell.
    const isApi = (res: Response) =>
      /^\/(iot|users|admin\/v1|plans\/v1|groups|live|notifications|auth)\b/.test(new URL(res.url()).pathname);
    const fromWorker = answers.filter((res) => isApi(res) && res.fromServiceWorker());
    expect(fromWorker.map((res) => res.url())).toEqual([]);
    expect(answers.filter(isApi).length).toBeGreaterThan(0);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(
      cached.filter((path) => !/^\/(assets\/|icons\/|index\.html$|theme\.js$|favicon\.svg$)/.test(path)),
    ).toEqual([]);
  });
});

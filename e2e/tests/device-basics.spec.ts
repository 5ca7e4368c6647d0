import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { type SimulatedDevice, startSimulatedDevice } from '@tinkercloud/device-protocol/simulator';
import { signUp } from '../support/accounts.ts';
import { apiSession } from '../support/api.ts';
import { BASE_URL } from '../support/base-url.ts';
import { expect, test } from '../support/test.ts';

/** This server's broker, as the page's config names it. */
const brokerUrl = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __APP_CONFIG__: { mqtt?: { url: string | null } } }).__APP_CONFIG__.mqtt?.url ??
      '',
  );

/** A simulated board with the key, once its login has been answered: accepted or refused (with the code). */
function board(url: string, deviceId: string, secretKey: string) {
  const device = startSimulatedDevice({ url, deviceId, secretKey, intervalMs: 60_000 });
  const answered = new Promise<'connected' | number>((resolve) => {
    device.once('connected', () => resolve('connected'));
    device.once('connectionError', (err: { code?: number }) => resolve(err.code ?? -1));
  });
  return { device, answered };
}

test('a device renamed and its secret key regenerated from its page: the old key is refused over MQTT, the new one admitted', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  const account = await signUp(page);
  const api = await apiSession(BASE_URL, account);
  const made = await api.call<{ id: string }>('PUT', '/iot/v2/devices', {
    name: 'greenhouse-1',
    type: 'login_and_secretkey_wifi',
  });
  const oldKey = 'OLDKEY23456789ABCDEFGHJKLMNPQRST';
  await api.call('PUT', `/iot/v2/devices/${made.id}/pass`, { password: oldKey });

  await page.goto(`/devices/${made.id}/`);
  await expect(page.getByRole('heading', { name: 'greenhouse-1' })).toBeVisible();
  const url = await brokerUrl(page);
  expect(url).toMatch(/^mqtt:\/\//);
  const running: SimulatedDevice[] = [];
  try {
    const first = board(url, made.id, oldKey);
    running.push(first.device);
    expect(await first.answered).toBe('connected');

    // Rename: Escape and Cancel change nothing; a name the server would refuse is caught in the dialog.
    await page.getByRole('button', { name: 'Rename device' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename device' });
    await expect(rename.getByLabel('Device name')).toHaveValue('greenhouse-1');
    await rename.getByLabel('Device name').fill('changed-but-escaped');
    await page.keyboard.press('Escape');
    await expect(rename).toHaveCount(0);
    await page.getByRole('button', { name: 'Rename device' }).click();
    await rename.getByRole('button', { name: 'Cancel' }).click();
    await expect(rename).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'greenhouse-1' })).toBeVisible();
    await page.getByRole('button', { name: 'Rename device' }).click();
    await rename.getByLabel('Device name').fill('green house');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(rename.getByRole('alert')).toContainText('no spaces');
    await checkA11y('rename dialog');
    await rename.getByLabel('Device name').fill('greenhouse-2');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(rename).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'greenhouse-2' })).toBeVisible();
    expect((await api.call<{ name: string }>('GET', `/iot/v2/devices/${made.id}`)).name).toBe('greenhouse-2');

    // Regenerate: asked first; Cancel and Escape keep the key.
    await page.getByRole('button', { name: 'Regenerate secret key' }).click();
    const confirm = page.getByRole('dialog', { name: 'Regenerate secret key' });
    await expect(confirm).toContainText('flashed with the new key');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await page.getByRole('button', { name: 'Regenerate secret key' }).click();
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await api.call('POST', `/iot/v2/devices/${made.id}/pass`, { password: oldKey });
    expect(first.device.connected).toBe(true);

    await page.getByRole('button', { name: 'Regenerate secret key' }).click();
    await checkA11y('regenerate confirmation');
    const kicked = new Promise<void>((resolve) => first.device.once('disconnected', () => resolve()));
    // The board tries again with its old key, as a board does: it is refused (CONNACK 4, bad credentials).
    const refusedAgain = new Promise<number>((resolve) =>
      first.device.on('connectionError', (err: { code?: number }) => resolve(err.code ?? -1)),
    );
    await confirm.getByRole('button', { name: 'Regenerate key' }).click();
    const shown = page.getByRole('dialog', { name: 'New secret key' });
    await expect(shown).toContainText('shown only this once');
    const newKey = await shown.getByTestId('regenerated-secret').inputValue();
    expect(newKey).toMatch(/^[A-Z2-9]{32}$/);
    expect(newKey).not.toBe(oldKey);
    await kicked;
    expect(await refusedAgain).toBe(4);
    await first.device.stop();

    const fresh = board(url, made.id, newKey);
    running.push(fresh.device);
    expect(await fresh.answered).toBe('connected');
    // The HTTP key check agrees: the old key is refused, the new one taken.
    await expect(api.call('POST', `/iot/v2/devices/${made.id}/pass`, { password: oldKey })).rejects.toThrow(
      /400/,
    );
    await api.call('POST', `/iot/v2/devices/${made.id}/pass`, { password: newKey });

    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'greenhouse-2' })).toBeVisible();
    expect(await page.content()).not.toContain(newKey);
    // Both fit a phone: no control off-screen.
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  } finally {
    await Promise.all(running.map((d) => d.stop().catch(() => undefined)));
  }
});

const LEVELS = [12.5, -3.25, 0, 1_000_000];

test("a variable's CSV from the thing page holds its stored values; the device page offers the same", async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  const account = await signUp(page);
  const api = await apiSession(BASE_URL, account);
  const device = await api.call<{ id: string }>('PUT', '/iot/v2/devices', {
    name: 'tank-board',
    type: 'login_and_secretkey_wifi',
  });
  const thing = await api.call<{ id: string; properties: { id: string; name: string }[] }>(
    'PUT',
    '/iot/v2/things',
    {
      name: 'Tank',
      device_id: device.id,
      properties: [
        { name: 'level', type: 'FLOAT', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' },
        { name: 'note', type: 'CHARSTRING', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' },
      ],
    },
  );
  const level = thing.properties.find((p) => p.name === 'level')?.id as string;
  const note = thing.properties.find((p) => p.name === 'note')?.id as string;
  for (const value of LEVELS) {
    await api.call('PUT', `/iot/v2/things/${thing.id}/properties/${level}/publish`, { value });
  }
  await api.call('PUT', `/iot/v2/things/${thing.id}/properties/${note}/publish`, { value: 'not this one' });
  const stored = await api.call<{ responses: { times: string[]; values: number[] }[] }>(
    'POST',
    '/iot/v2/series/batch_query_raw',
    { resp_version: 1, requests: [{ q: `property.${level}`, sort: 'ASC', series_limit: 100 }] },
  );
  const { times, values } = stored.responses[0] ?? { times: [], values: [] };
  expect(values).toEqual(LEVELS);

  await page.goto(`/things/${thing.id}/`);
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download CSV' });
  await dialog.getByLabel('Variables').selectOption({ label: 'level' });
  await dialog.getByLabel('Period').selectOption({ label: 'Last hour' });
  await checkA11y('CSV dialog');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  await expect(dialog).toHaveCount(0);
  expect(download.suggestedFilename()).toMatch(/^historic-data-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, 'utf8');
  const expected = [
    'time,thing_id,property_id,property_name,property_type,value',
    ...times.map((time, i) => `${time},${thing.id},${level},level,FLOAT,${values[i]}`),
  ];
  expect(csv).toBe(`${expected.join('\r\n')}\r\n`);

  // A custom period that ends before it starts is refused in words; Escape leaves without a download.
  await page.getByRole('button', { name: 'Download CSV' }).click();
  await dialog.getByLabel('Period').selectOption({ label: 'Custom period' });
  await dialog.getByLabel('From').fill('2030-01-02T00:00');
  await dialog.getByLabel('To').fill('2030-01-01T00:00');
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The start must be before the end.');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The device page exports its thing's variables: all of them by default.
  await page.goto(`/devices/${device.id}/`);
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const all = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const both = await readFile((await (await all).path()) as string, 'utf8');
  expect(both).toContain(',level,FLOAT,1000000');
  expect(both).toContain(',note,CHARSTRING,not this one');
});

test("a thing's time zone changed on its page reaches its connected board", async ({ page, checkA11y }) => {
  test.setTimeout(120_000);
  const account = await signUp(page);
  const api = await apiSession(BASE_URL, account);
  const made = await api.call<{ id: string }>('PUT', '/iot/v2/devices', {
    name: 'clock-board',
    type: 'login_and_secretkey_wifi',
  });
  const key = 'TZKEY23456789ABCDEFGHJKLMNPQRSTU';
  await api.call('PUT', `/iot/v2/devices/${made.id}/pass`, { password: key });
  const thing = await api.call<{ id: string }>('PUT', '/iot/v2/things', {
    name: 'Clock',
    timezone: 'UTC',
    device_id: made.id,
    properties: [],
  });

  await page.goto(`/things/${thing.id}/`);
  const field = page.getByLabel('Time zone');
  await expect(field).toBeEnabled();
  await expect(field).toHaveValue('UTC');
  const url = await brokerUrl(page);
  const running = board(url, made.id, key);
  try {
    expect(await running.answered).toBe('connected');
    // The board learns UTC (offset 0) as it starts, then Tokyo's +9 h once the zone is changed.
    const tokyo = new Promise<void>((resolve) =>
      running.device.on('timezone', (tz: { offset: number }) => {
        if (tz.offset === 32_400) resolve();
      }),
    );
    await field.fill('Mars/Base');
    await page.getByRole('button', { name: 'Set time zone' }).click();
    await expect(page.getByText('Choose a time zone from the list, such as Europe/Rome.')).toBeVisible();
    await checkA11y('time zone refused');
    await field.fill('Asia/Tokyo');
    await page.getByRole('button', { name: 'Set time zone' }).click();
    await expect(page.getByText('Time zone set to Asia/Tokyo')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Asia/Tokyo' })).toBeVisible();
    expect((await api.call<{ timezone: string }>('GET', `/iot/v2/things/${thing.id}`)).timezone).toBe(
      'Asia/Tokyo',
    );
    // The server's offset scan (every 30 s) tells connected boards: bounded here, not timed.
    await tokyo;
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  } finally {
    await running.device.stop().catch(() => undefined);
  }
});

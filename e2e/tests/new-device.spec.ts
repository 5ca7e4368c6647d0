import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { newAccount, signInOnProviderPage, signUp } from '../support/accounts.ts';
import { apiSession } from '../support/api.ts';
import { BASE_URL } from '../support/base-url.ts';
import { freshDataDir, grantPlanOffline, startServer } from '../support/server.ts';
import { runSimulatorCommand, stopSimulator } from '../support/simulator.ts';
import { expect, test } from '../support/test.ts';

/** The broker address the server publishes to the SPA (the port it really took). */
async function brokerUrl(page: Page): Promise<string> {
  const url = await page.evaluate(
    () =>
      (window as unknown as { __APP_CONFIG__: { mqtt?: { url: string | null } } }).__APP_CONFIG__.mqtt?.url,
  );
  expect(url).toMatch(/^mqtt:\/\/127\.0\.0\.1:\d+$/);
  return url as string;
}

async function shownCredentials(page: Page) {
  const card = page.getByRole('region', { name: /is ready$/ });
  await expect(card).toBeVisible();
  return {
    id: await card.getByTestId('new-device-id').inputValue(),
    secret: await card.getByTestId('new-device-secret').inputValue(),
    command: await card.getByTestId('new-device-command').inputValue(),
  };
}

test('a third-party ESP32 added through /devices/new/: key shown once, the simulator command reaches this broker, the device goes Online', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Devices' }).click();
  await page.getByRole('link', { name: 'Set up a board' }).click();
  await expect(page).toHaveURL(/\/devices\/new\/\?type=any$/);
  await expect(page).toHaveTitle('New device | Tinkercloud');
  await page
    .getByRole('navigation', { name: 'Kinds of device' })
    .getByRole('link', { name: /third-party board/ })
    .click();
  await expect(page).toHaveURL(/\/devices\/new\/\?type=3p$/);
  await expect(page.getByRole('radio', { name: 'ESP32' })).toBeChecked();
  await page.getByLabel('Device name').fill('esp32-bench');
  await page.getByRole('button', { name: 'Create device' }).click();

  const shown = await shownCredentials(page);
  expect(shown.id).toMatch(/^[0-9a-f-]{36}$/);
  const url = await brokerUrl(page);
  expect(shown.command).toBe(
    `npm run device -- --device-id ${shown.id} --secret-key ${shown.secret} --url ${url}`,
  );
  // The copy button puts the same command on the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy simulator command' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown.command);
  await expect(page.getByTestId('arduino-secrets')).toContainText(
    `#define SECRET_DEVICE_KEY "${shown.secret}"`,
    {
      useInnerText: false,
    },
  );
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download credentials' }).click();
  expect((await download).suggestedFilename()).toBe('esp32-bench-credentials.txt');

  // Shown once: reopening the page does not show the key again.
  await page.reload();
  await expect(page.getByLabel('Device name')).toBeVisible();
  expect(await page.content()).not.toContain(shown.secret);

  // The printed command, run as it is, connects to this server's broker.
  const sim = runSimulatorCommand(shown.command);
  try {
    await page.goto(`/devices/${shown.id}/`);
    await expect(page.getByRole('heading', { name: 'esp32-bench' })).toBeVisible();
    await expect(page.locator('.device-status').first()).toHaveText('ONLINE', { timeout: 30_000 });

    // The Network tab shows where it connects and that its key is set.
    await page.getByRole('link', { name: 'Network', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/devices/${shown.id}/networkconfig/$`));
    await expect(page.getByTestId('broker-url')).toHaveValue(url);
    await expect(page.getByTestId('credential')).toHaveText('A secret key (set)');

    // The sketch's network settings, as the server lists them for the board, saved as arduino_secrets.h.
    const secrets = page.getByTestId('network-secrets');
    await secrets.getByLabel('Wi-Fi Name').fill('workshop');
    await secrets.getByLabel('Password (optional)').fill('s3cret pass');
    const download = page.waitForEvent('download');
    await secrets.getByRole('button', { name: 'Save arduino_secrets.h' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('arduino_secrets.h');
    const text = await readFile((await file.path()) ?? '', 'utf8');
    expect(text).toContain('#define SECRET_SSID "workshop"');
    expect(text).toContain('#define SECRET_OPTIONAL_PASS "s3cret pass"');
    expect(text).toContain(`#define SECRET_DEVICE_LOGIN_NAME "${shown.id}"`);
  } finally {
    await stopSimulator(sim.child);
  }
});

test('none and any: a device without a board for the simulator, and the picker of every kind', async ({
  page,
}) => {
  await signUp(page);
  // A phone's width: no page-level sideways scrolling on the picker nor on the credentials.
  await page.setViewportSize({ width: 360, height: 780 });
  const noOverflow = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.goto('/devices/new/?type=any');
  await noOverflow();
  const kinds = page.getByRole('navigation', { name: 'Kinds of device' });
  await expect(kinds.getByRole('link')).toHaveCount(5);
  // By keyboard (at this width the fixed e-mail notice covers the last card from the pointer).
  await kinds.getByRole('link', { name: /No board yet/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?type=none$/);
  await page.getByLabel('Device name').fill('sim-only');
  await page.keyboard.press('Enter');
  const shown = await shownCredentials(page);
  expect(shown.command).toContain(`--url ${await brokerUrl(page)}`);
  await expect(page.getByTestId('arduino-secrets')).toHaveCount(0);
  await noOverflow();
  await page.getByRole('link', { name: 'Open device' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'sim-only' })).toBeVisible();
  await expect(page.getByText('Manual Device')).toBeVisible();
});

test('a catalogue board: an onboarding waits for it and announces it; an unknown onboarding id is not found', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // The unknown id is asked for on purpose: the browser logs its 404.
  consoleErrors.allow(/status of 404 .*\/provisioning\/v1\/onboarding\/[0-9a-f-]{36}\)$/);
  const account = await signUp(page);
  await page.goto('/devices/new/?type=tinkercloud&connection=serial');
  await page.getByLabel('Board', { exact: true }).selectOption({ label: 'Arduino UNO R4 WiFi' });
  await page.getByLabel('Device name').fill('uno-r4');
  await page.getByRole('button', { name: 'Set up device' }).click();
  await expect(page).toHaveURL(/connection=serial&id=[0-9a-f-]{36}$/);
  await expect(page.getByText('Waiting for the board to connect…')).toBeVisible();
  const deviceId = await page.getByTestId('onboarding-device-id').inputValue();

  // The board connects (here the simulator, given a key through the API), and the page hears it live.
  const api = await apiSession(BASE_URL, account);
  await api.call('PUT', `/iot/v2/devices/${deviceId}/pass`, { password: 'board-key-0123456789' });
  const sim = runSimulatorCommand(
    `npm run device -- --device-id ${deviceId} --secret-key board-key-0123456789 --url ${await brokerUrl(page)}`,
  );
  try {
    await expect(page.getByText('uno-r4 is now available 🎉').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('onboarding')).toHaveAttribute('data-state', 'provisioned');
  } finally {
    await stopSimulator(sim.child);
  }

  await page.goto(`/devices/new/?type=tinkercloud&connection=ble&id=${randomUUID()}`);
  await expect(page.getByText('Onboarding ID not found')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
});

test('the Firmware tab uploads a binary, shows the update pending and cancels it', async ({ page }) => {
  // Two starts of a server and the operator CLI between them: slow on a busy machine.
  test.setTimeout(360_000);
  // A server of its own: over-the-air updates need a plan, which the operator grants while it is stopped.
  const port = Number(process.env.E2E_FIRMWARE_PORT ?? 4314);
  const dataDir = freshDataDir('firmware');
  let server = await startServer({ port, dataDir });
  let stopped = false;
  try {
    const owner = await apiSession(server.url, newAccount('fw'), { signUp: true });
    const device = await owner.call<{ id: string }>('PUT', '/iot/v2/devices', {
      name: 'fw-board',
      type: 'login_and_secretkey_wifi',
    });
    await server.stop();
    stopped = true;
    grantPlanOffline({ dataDir, port, publicUrl: server.url, username: owner.account.username });
    server = await startServer({ port, dataDir });
    stopped = false;

    await page.goto(`${server.url}/devices/${device.id}/fwupdate/`);
    await signInOnProviderPage(page, owner.account);
    // A device page is of the header group: the user menu sits in its slide-in sidebar, so the page is the sign.
    await expect(page.getByRole('heading', { name: 'fw-board' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/devices/${device.id}/fwupdate/$`));
    await expect(page.getByText('No firmware updates yet')).toBeVisible();
    await page.getByLabel('Firmware file').setInputFiles({
      name: 'blink.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('firmware image for the e2e test'),
    });
    await page.getByRole('button', { name: 'Upload and update' }).click();
    await expect(page.getByTestId('current-ota-status')).toHaveAttribute('data-status', 'pending');
    await expect(page.getByTestId('ota-row').first()).toHaveAttribute('data-status', 'pending');
    await expect(page.getByRole('button', { name: 'Upload and update' })).toBeDisabled();

    await page.getByRole('button', { name: 'Cancel update' }).click();
    await expect(page.getByTestId('current-ota')).toHaveCount(0);
    await expect(page.getByTestId('ota-row').first()).toHaveAttribute('data-status', 'cancelled');
    await expect(page.getByRole('button', { name: 'Upload and update' })).toBeEnabled();
  } finally {
    // The page's live stream would try to reconnect to the stopped server: leave it first.
    await page.goto('about:blank');
    if (!stopped) await server.stop();
  }
});

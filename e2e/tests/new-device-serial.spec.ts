import type { Page } from '@playwright/test';
import { bytesToHexString, SIMULATED_UHWID } from '@tinkercloud/device-protocol/board-config';
import { signUp } from '../support/accounts.ts';
import { apiSession } from '../support/api.ts';
import { BASE_URL } from '../support/base-url.ts';
import { installSimulatedSerialBoard } from '../support/simulated-serial-board.ts';
import { runSimulatorCommand, stopSimulator } from '../support/simulator.ts';
import { expect, test } from '../support/test.ts';

const UHWID = bytesToHexString(SIMULATED_UHWID);

async function brokerUrl(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      (window as unknown as { __APP_CONFIG__: { mqtt?: { url: string | null } } }).__APP_CONFIG__.mqtt?.url ??
      '',
  );
}

test('a catalogue board over Web Serial: its id and networks are read, a wrong password fails in words, a retry sets it up and the onboarding announces it', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  const serial = await installSimulatedSerialBoard(page);
  const account = await signUp(page);
  // A phone's width: the board's 64-digit id must wrap, not widen the page.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/devices/new/?type=tinkercloud&connection=serial');
  await page.getByLabel('Board', { exact: true }).selectOption({ label: 'Arduino UNO R4 WiFi' });
  await expect(page.getByTestId('transport')).toContainText(
    'This browser can reach the board over Web Serial (USB).',
  );
  await page.getByRole('button', { name: 'Choose the board' }).click();

  await expect(page.getByTestId('board-uhwid')).toHaveText(UHWID);
  await expect(page.getByTestId('picked-board')).toHaveText('USB 2341:1002');
  await expect(page.getByTestId('board-firmware')).toHaveText('0.5.2');
  expect(await serial.requested()).toEqual({
    requestPort: { filters: [{ usbVendorId: 0x2341 }, { usbVendorId: 0x2a03 }, { usbVendorId: 0x303a }] },
    open: { baudRate: 115200 },
  });
  const networks = page.getByLabel('Network', { exact: true });
  await expect(networks.locator('option')).toHaveText([
    'Workshop (-48 dBm)',
    'Greenhouse 2.4G (-67 dBm)',
    'Guest (-80 dBm)',
    'Another network…',
  ]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await checkA11y('the board read');

  // A wrong password: the board says so, in words, and the page offers to try again.
  await networks.selectOption({ label: 'Greenhouse 2.4G (-67 dBm)' });
  await page.getByLabel('Device name').fill('uno-r4-serial');
  await page.getByLabel('Wi-Fi password').fill('not-the-password');
  await page.getByRole('button', { name: 'Set up device' }).click();
  await expect(page.getByTestId('board-error')).toHaveText(
    'The board failed to connect to the network: check the network name and password.',
  );
  await expect(page.getByRole('list', { name: 'What the board reported' })).toContainText(
    'The board is connecting to the network…',
  );
  await expect(page.getByTestId('device-made')).toContainText('uno-r4-serial');
  expect(serial.boards[0]?.joined).toBeNull();

  // The right password: the board joins, the session ends cleanly and the onboarding page waits for it.
  await page.getByLabel('Wi-Fi password').fill('tomatoes-grow');
  await page.getByRole('button', { name: 'Set up device' }).click();
  await expect(page).toHaveURL(/connection=serial&id=[0-9a-f-]{36}$/);
  await expect(page.getByText('Waiting for the board to connect…')).toBeVisible();
  const board = serial.boards[0];
  expect(board?.joined).toBe('Greenhouse 2.4G');
  expect(board?.settings).toEqual({ ssid: 'Greenhouse 2.4G', password: 'tomatoes-grow' });
  expect(Math.abs(Number(board?.timestamp) - Date.now() / 1000)).toBeLessThan(120);
  expect(board?.connected).toBe(false);
  expect(serial.boards).toHaveLength(1);

  // One device, carrying the board's unique hardware id and Wi-Fi firmware.
  const deviceId = await page.getByTestId('onboarding-device-id').inputValue();
  const api = await apiSession(BASE_URL, account);
  const devices = await api.call<{ id: string; name: string }[]>(
    'GET',
    `/iot/v2/devices?unique_hardware_id=${UHWID}`,
  );
  expect(devices.map((d) => [d.id, d.name])).toEqual([[deviceId, 'uno-r4-serial']]);
  const device = await api.call<{ unique_hardware_id?: string; wifi_fw_version?: string }>(
    'GET',
    `/iot/v2/devices/${deviceId}`,
  );
  expect(device).toMatchObject({ unique_hardware_id: UHWID, wifi_fw_version: '0.5.2' });

  // The board reaches the broker (here the MQTT simulator, given a key through the API): announced live.
  await api.call('PUT', `/iot/v2/devices/${deviceId}/pass`, { password: 'board-key-0123456789' });
  const sim = runSimulatorCommand(
    `npm run device -- --device-id ${deviceId} --secret-key board-key-0123456789 --url ${await brokerUrl(page)}`,
  );
  try {
    await expect(page.getByText('uno-r4-serial is now available 🎉').first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByTestId('onboarding')).toHaveAttribute('data-state', 'provisioned');
  } finally {
    await stopSimulator(sim.child);
  }
});

test('flags: Web Serial forced for a Bluetooth link without the board filter; version 1 points to arduino-cloud-cli', async ({
  page,
}) => {
  const serial = await installSimulatedSerialBoard(page);
  await signUp(page);
  await page.evaluate(() => {
    localStorage.setItem('provisioning-force-webserial', 'true');
    localStorage.setItem('provisioning-ignore-known-board-filter', 'true');
  });
  await page.goto('/devices/new/?type=tinkercloud&connection=ble');
  await page.getByLabel('Board', { exact: true }).selectOption({ label: 'Arduino Nano ESP32' });
  await expect(page.getByTestId('transport')).toContainText('(Web Serial is forced by a feature flag.)');
  await page.getByRole('button', { name: 'Choose the board' }).click();
  await expect(page.getByTestId('board-uhwid')).toHaveText(UHWID);
  expect((await serial.requested()).requestPort).toEqual({});
  // A typed-in network (hidden from the scan) is offered too.
  await page.getByLabel('Network', { exact: true }).selectOption({ label: 'Another network…' });
  await page.getByLabel('Network name').fill('Attic');
  await page.getByLabel('Wi-Fi password').fill('up-the-stairs');
  await page.getByLabel('Device name').fill('nano-esp32');
  await page.getByRole('button', { name: 'Set up device' }).click();
  await expect(page.getByText('Waiting for the board to connect…')).toBeVisible();
  expect(serial.boards[0]?.joined).toBe('Attic');

  await page.evaluate(() => localStorage.setItem('provisioning-force-version', '1'));
  await page.goto('/devices/new/?type=tinkercloud&connection=serial');
  await expect(page.getByTestId('provisioning-v1')).toContainText('arduino-cloud-cli device create');
  await expect(page.getByRole('button', { name: 'Choose the board' })).toHaveCount(0);
});

import type { Page } from '@playwright/test';
import { signUp } from '../support/accounts.ts';
import { apiSession } from '../support/api.ts';
import { BASE_URL } from '../support/base-url.ts';
import { createSpace, selectSpace } from '../support/spaces.ts';
import { expect, test } from '../support/test.ts';

interface Property {
  id: string;
  name: string;
  last_value?: unknown;
}

/** Adds a generic device on the Devices page; returns what the dialog showed once. */
async function addDevice(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add device' }).click();
  const form = page.getByRole('dialog', { name: 'Add device' });
  await form.getByLabel('Device name').fill(name);
  await form.getByRole('button', { name: 'Create device' }).click();
  const created = page.getByRole('dialog', { name: 'Device created' });
  await expect(created).toBeVisible();
  const id = await created.getByTestId('new-device-id').inputValue();
  const secret = await created.getByTestId('new-device-secret').inputValue();
  const command = await created.getByTestId('new-device-command').inputValue();
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toHaveCount(0);
  return { id, secret, command };
}

test('a device added in the browser: its key shown once, its thing bound, its values on the device page', async ({
  page,
}) => {
  const account = await signUp(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Devices' }).click();
  await expect(page).toHaveURL(/\/devices\/$/);
  await expect(page).toHaveTitle('Devices | Tinkercloud');

  // A name the server would refuse is caught in the dialog.
  await page.getByRole('button', { name: 'Add device' }).click();
  const form = page.getByRole('dialog', { name: 'Add device' });
  await form.getByLabel('Device name').fill('green house');
  await form.getByRole('button', { name: 'Create device' }).click();
  await expect(form.getByRole('alert')).toContainText('no spaces');
  await form.getByRole('button', { name: 'Cancel' }).click();

  const device = await addDevice(page, 'greenhouse-1');
  expect(device.id).toMatch(/^[0-9a-f-]{36}$/);
  // The command names this server's broker (the port it really took), not whatever listens on 1883.
  const broker = await page.evaluate(
    () =>
      (window as unknown as { __APP_CONFIG__: { mqtt?: { url: string | null } } }).__APP_CONFIG__.mqtt?.url,
  );
  expect(broker).toMatch(/^mqtt:\/\/127\.0\.0\.1:\d+$/);
  expect(device.command).toBe(
    `npm run device -- --device-id ${device.id} --secret-key ${device.secret} --url ${broker}`,
  );
  // The key shown is the device's real key, and it is not shown again.
  const api = await apiSession(BASE_URL, account);
  await api.call('POST', `/iot/v2/devices/${device.id}/pass`, { password: device.secret });
  await expect(
    api.call('POST', `/iot/v2/devices/${device.id}/pass`, { password: 'not-the-key' }),
  ).rejects.toThrow(/400/);
  const row = page.getByTestId('device-row').filter({ hasText: 'greenhouse-1' });
  await expect(row).toContainText('OFFLINE');
  await expect(row).toContainText('None');
  expect(await page.content()).not.toContain(device.secret);
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(device.secret);

  // A thing with a read-only and a writable variable, made through the API, bound in the browser.
  const thing = await api.call<{ id: string }>('PUT', '/iot/v2/things', {
    name: 'Greenhouse',
    properties: [
      { name: 'temperature', type: 'TEMPERATURE_C', permission: 'READ_ONLY', update_strategy: 'ON_CHANGE' },
      { name: 'setpoint', type: 'FLOAT', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' },
    ],
  });
  const properties = await api.call<Property[]>('GET', `/iot/v2/things/${thing.id}/properties`);
  const temperature = properties.find((p) => p.name === 'temperature') as Property;
  const setpoint = properties.find((p) => p.name === 'setpoint') as Property;

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Things' }).click();
  // The devices page, still shown for a moment, has a "greenhouse-1" link that a loose name would match.
  await expect(page).toHaveURL(/\/things\/$/);
  await page.getByRole('link', { name: 'Greenhouse', exact: true }).click();
  await expect(page).toHaveTitle('Thing | Tinkercloud');
  await page.getByLabel('Bound device').selectOption({ label: 'greenhouse-1' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('definition').getByRole('link', { name: 'greenhouse-1' })).toBeVisible();

  // The device page in Live mode shows a value published through the API without a reload.
  await page.getByRole('definition').getByRole('link', { name: 'greenhouse-1' }).click();
  await expect(page).toHaveTitle('Device | Tinkercloud');
  await expect(page.getByRole('heading', { name: 'greenhouse-1' })).toBeVisible();
  await page.getByRole('link', { name: 'Live', exact: true }).click();
  await expect(page).toHaveURL(/graph=LIVE/);
  const variables = page.getByRole('table', { name: 'Variables' });
  const temperatureRow = variables.getByTestId('variable-row').filter({ hasText: 'temperature' });
  await expect(temperatureRow.getByTestId('variable-value')).toHaveText('–');
  await api.call('PUT', `/iot/v2/things/${thing.id}/properties/${temperature.id}/publish`, { value: 21.5 });
  // Generous: the value goes through the live stream to the page, on a machine that may be busy.
  await expect(temperatureRow.getByTestId('variable-value')).toHaveText('21.5', { timeout: 20_000 });
  await expect(page.getByRole('img', { name: /^temperature: 1 value from 21\.5 to 21\.5$/ })).toBeVisible();

  // A writable variable takes a value from the page.
  await variables.getByLabel('New value for setpoint').fill('18.25');
  await variables.getByRole('button', { name: 'Send setpoint' }).click();
  await expect(variables.getByTestId('variable-row').filter({ hasText: 'setpoint' })).toContainText('18.25');
  const after = await api.call<Property[]>('GET', `/iot/v2/things/${thing.id}/properties`);
  expect(after.find((p) => p.id === setpoint.id)?.last_value).toBe(18.25);
  // Only the writable one has an input.
  await expect(variables.getByLabel('New value for temperature')).toHaveCount(0);

  // Another range reads the series API: the values are in the last 7 days.
  await page.getByRole('link', { name: '7 days', exact: true }).click();
  await expect(page).toHaveURL(/graph=7D/);
  await expect(page.getByRole('img', { name: /^temperature: 1 value from 21\.5 to 21\.5$/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^setpoint: 1 value from 18\.25 to 18\.25$/ })).toBeVisible();
  for (const label of ['15 days', '7 days', '1 days', '1 hour', 'Live']) {
    await expect(
      page.getByRole('navigation', { name: 'History range' }).getByRole('link', { name: label }),
    ).toBeVisible();
  }

  // Deleting from the list sends it to the trash at once (Undo in the toast, restore in the Trash view).
  await page.goto('/devices/');
  await row.getByRole('button', { name: 'Delete greenhouse-1' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('greenhouse-1 was moved to the trash')).toBeVisible();
});

test('a device added in a team space belongs to that space only', async ({ page }) => {
  const account = await signUp(page);
  const api = await apiSession(BASE_URL, account);
  const team = await createSpace(api, 'pro', 'Device Lab');
  await page.reload();
  await selectSpace(page, 'Device Lab');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Devices' }).click();
  await expect(page.getByText('No devices yet')).toBeVisible();
  const device = await addDevice(page, 'lab-sensor');
  await expect(page.getByTestId('device-row').filter({ hasText: 'lab-sensor' })).toBeVisible();

  const inTeam = await api.call<{ id: string }[]>('GET', '/iot/v2/devices', undefined, team.id);
  expect(inTeam.map((d) => d.id)).toEqual([device.id]);
  const inMyCloud = await api.call<{ id: string }[]>('GET', '/iot/v2/devices');
  expect(inMyCloud.map((d) => d.id)).not.toContain(device.id);

  // Back in My Cloud the list is the other space's.
  await selectSpace(page, 'My Cloud');
  await expect(page.getByTestId('device-row').filter({ hasText: 'lab-sensor' })).toHaveCount(0);
});

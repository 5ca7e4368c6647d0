import type { Page } from '@playwright/test';
import { signUp } from '../support/accounts.ts';
import { apiSession } from '../support/api.ts';
import { BASE_URL } from '../support/base-url.ts';
import { runSimulatorCommand, stopSimulator } from '../support/simulator.ts';
import { expect, test } from '../support/test.ts';

// Issue 28 item 3: after a variable is renamed, a board that keeps sending the old name had its values refused
// and no page said so. The rename dialog warns; the device page and the thing page list what was refused.

/** The page's Refused values entry for a name, read again until it appears (the section re-reads on a timer). */
async function expectRefused(page: Page, name: string) {
  const section = page.getByRole('region', { name: 'Refused values' });
  const entry = section.getByTestId('refused-value').filter({ has: page.locator('code', { hasText: name }) });
  await expect(async () => {
    await page.reload();
    await expect(entry).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await expect(entry).toContainText('Not a variable of the thing (renamed or deleted?)');
  await expect(entry).toContainText(/\d+ times|Once/);
  await expect(entry.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
}

test('a board still sending a renamed variable shows its refused values on the device and thing pages', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  const account = await signUp(page);
  const api = await apiSession(BASE_URL, account);

  // A device added in the browser (its simulator command printed once), and a thing it runs, with a sketch.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Devices' }).click();
  await page.getByRole('button', { name: 'Add device' }).click();
  const addDevice = page.getByRole('dialog', { name: 'Add device' });
  await addDevice.getByLabel('Device name').fill('bench-2');
  await addDevice.getByRole('button', { name: 'Create device' }).click();
  const created = page.getByRole('dialog', { name: 'Device created' });
  const command = await created.getByTestId('new-device-command').inputValue();
  await created.getByRole('button', { name: 'Done' }).click();
  const deviceId = command.match(/--device-id (\S+)/)?.[1] as string;
  const thing = await api.call<{ id: string }>('PUT', '/iot/v2/things', {
    name: 'Counter',
    device_id: deviceId,
    properties: [{ name: 'count', type: 'INT', permission: 'READ_ONLY', update_strategy: 'ON_CHANGE' }],
  });
  await api.call('PUT', `/iot/v2/things/${thing.id}/sketch`, {});

  // The board runs the sketch as it was: it sends `count` every second.
  const simulator = runSimulatorCommand(`${command} --properties count:int --interval 1`);
  try {
    await page.goto(`/things/${thing.id}/`);
    await expect(page.getByRole('heading', { name: 'Counter', level: 1 })).toBeVisible();
    const section = page.getByRole('region', { name: 'Refused values' });
    await expect(section.getByText('No refused values')).toBeVisible();
    const row = page.getByRole('table', { name: 'Variables' }).getByTestId('variable-row');
    await expect(row.getByTestId('variable-value')).toHaveText(/^-?\d+$/, { timeout: 40_000 });

    // The rename dialog says the board's sketch must follow, and links the thing's sketch.
    await page.getByRole('button', { name: 'Edit count' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit count' });
    await expect(dialog.getByTestId('sketch-update-warning')).toHaveCount(0);
    await dialog.getByLabel('Variable name').fill('total');
    const warning = dialog.getByTestId('sketch-update-warning');
    await expect(warning).toContainText('The board’s sketch must be updated');
    await expect(warning).toContainText('count');
    await expect(warning.getByRole('link', { name: 'Open the thing’s sketch' })).toHaveAttribute(
      'href',
      /^\/sketches\/[0-9a-f-]{36}\/$/,
    );
    await checkA11y();
    await dialog.getByRole('button', { name: 'Save variable' }).click();
    await expect(dialog).toHaveCount(0);

    // The board keeps sending `count`: the thing page and the device page list it.
    await expectRefused(page, 'count');
    await checkA11y();
    await page.goto(`/devices/${deviceId}/`);
    await expect(page.getByRole('heading', { name: 'bench-2' })).toBeVisible();
    await expectRefused(page, 'count');
    await checkA11y();

    // On a phone the entry and its Clear action stay on screen (no sideways scroller).
    await page.setViewportSize({ width: 360, height: 800 });
    const entry = page.getByRole('region', { name: 'Refused values' }).getByTestId('refused-value').first();
    await entry.scrollIntoViewIfNeeded();
    for (const box of [
      await entry.boundingBox(),
      await page
        .getByRole('region', { name: 'Refused values' })
        .getByRole('button', { name: 'Clear' })
        .boundingBox(),
    ]) {
      expect(box).not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 360).toBe(true);
    }
    await checkA11y();
    await page.emulateMedia({ colorScheme: 'dark' });
    await checkA11y('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1366, height: 800 });

    // The delete dialog says the same.
    await page.goto(`/things/${thing.id}/`);
    await page.getByRole('button', { name: 'Delete total' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete variable' });
    await expect(remove.getByTestId('sketch-update-warning')).toContainText(
      'The board’s sketch must be updated',
    );
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await expect(remove).toHaveCount(0);
  } finally {
    await stopSimulator(simulator.child);
  }
});

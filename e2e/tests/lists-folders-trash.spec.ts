import type { Page } from '@playwright/test';
import { signUp } from '../support/accounts.ts';
import { apiSession } from '../support/api.ts';
import { BASE_URL } from '../support/base-url.ts';
import { expectNoPageScroll, settle } from '../support/layout.ts';
import { expect, test } from '../support/test.ts';

/**
 * The group lists (features/lists) against the real server: folders, Move, multi-select delete to the trash
 * with Undo, and the Trash view's restore and purge, on the Devices list of a fresh account (its demo device
 * plus two made over the API); then the same list and its trash at 360 px.
 */

const row = (page: Page, name: string) => page.getByTestId('device-row').filter({ hasText: name });
const folderRow = (page: Page, name: string) => page.getByTestId('folder-row').filter({ hasText: name });

async function moveTo(page: Page, device: string, destination: string | RegExp) {
  await page.getByRole('button', { name: `Move ${device}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Move ${device}` });
  await dialog.getByRole('radio', { name: destination }).check();
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('devices go into folders and out, to the trash and back, and out of the trash for good', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  const account = await signUp(page);
  const api = await apiSession(BASE_URL, account);
  for (const name of ['probe-a', 'probe-b']) {
    await api.call('PUT', '/iot/v2/devices', { name, type: 'login_and_secretkey_wifi' });
  }
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Devices' }).click();
  await expect(page.getByTestId('device-row')).toHaveCount(3);

  // A folder, renamed.
  await page.getByRole('button', { name: 'New folder' }).click();
  const create = page.getByRole('dialog', { name: 'New folder' });
  await create.getByLabel('Folder name').fill('Lab');
  await create.getByRole('button', { name: 'Create folder' }).click();
  await expect(folderRow(page, 'Lab')).toBeVisible();
  await page.getByRole('button', { name: 'Rename folder Lab' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename folder' });
  await rename.getByLabel('Folder name').fill('Greenhouse lab');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(folderRow(page, 'Greenhouse lab')).toBeVisible();
  await expect(page.getByTestId('folder-row')).toHaveCount(1);

  // A device into it, then out again from inside.
  await moveTo(page, 'probe-a', 'Greenhouse lab');
  await expect(row(page, 'probe-a')).toHaveCount(0);
  await page.getByRole('button', { name: 'Greenhouse lab', exact: true }).click();
  const crumbs = page.getByRole('navigation', { name: 'Folders' });
  await expect(crumbs).toContainText('Greenhouse lab');
  await expect(row(page, 'probe-a')).toBeVisible();
  await expect(page.getByTestId('device-row')).toHaveCount(1);
  await moveTo(page, 'probe-a', /No folder/);
  await expect(page.getByText('This folder is empty')).toBeVisible();
  await crumbs.getByRole('button', { name: 'All devices' }).click();
  await expect(page.getByTestId('device-row')).toHaveCount(3);

  // Two at once to the trash, Undo, and again.
  const deleteBoth = async () => {
    await page.getByRole('checkbox', { name: 'Select probe-a' }).check();
    await page.getByRole('checkbox', { name: 'Select probe-b' }).check();
    await expect(page.getByRole('region', { name: 'Selected items' })).toContainText('2 selected');
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await expect(page.getByTestId('device-row')).toHaveCount(1);
  };
  await deleteBoth();
  await expect(page.getByText('2 devices were moved to the trash')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('device-row')).toHaveCount(3);
  await expect(page.getByText('2 devices were restored')).toBeVisible();
  await deleteBoth();

  // The trash: one restored, one deleted for good.
  await page.getByRole('link', { name: 'Trash' }).click();
  await expect(page).toHaveURL(/\/devices\/\?view=trash$/);
  const trashRows = page.getByTestId('trash-row');
  await expect(trashRows).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select probe-a' }).check();
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('probe-a was restored')).toBeVisible();
  await expect(trashRows).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Select probe-b' }).check();
  await page.getByRole('button', { name: 'Delete for good' }).click();
  const purge = page.getByRole('dialog', { name: 'Delete for good' });
  await expect(purge).toContainText('This cannot be undone.');
  await checkA11y('purge dialog');
  await purge.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByText('The trash is empty')).toBeVisible();
  // Gone for good: not in the trash nor in the list, on the server too.
  const trash = await api.call<{ items: { name: string }[] }>('GET', '/groups/v1/trash');
  expect(trash.items.map((i) => i.name)).not.toContain('probe-b');
  const devices = await api.call<{ name: string }[]>('GET', '/iot/v2/devices');
  expect(devices.map((d) => d.name).sort()).toEqual(['Demo_device', 'probe-a']);

  await page.getByRole('link', { name: 'Back to devices' }).click();
  await expect(page).toHaveURL(/\/devices\/$/);
  await expect(row(page, 'probe-a')).toBeVisible();
  await expect(row(page, 'probe-b')).toHaveCount(0);

  // Deleting a folder keeps what it held: it moves up.
  await moveTo(page, 'probe-a', 'Greenhouse lab');
  await expect(page.getByTestId('device-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete folder Greenhouse lab' }).click();
  const removeFolder = page.getByRole('dialog', { name: 'Delete folder' });
  await expect(removeFolder).toContainText('moves up to the top level');
  await removeFolder.getByRole('button', { name: 'Delete folder' }).click();
  await expect(page.getByTestId('folder-row')).toHaveCount(0);
  await expect(page.getByTestId('device-row')).toHaveCount(2);

  // At 360 px the list and its trash scroll inside their tables, never the page.
  await page.setViewportSize({ width: 360, height: 740 });
  await settle(page);
  await expectNoPageScroll(page, '/devices/');
  await page.getByRole('link', { name: 'Trash' }).click();
  await expect(page.getByText('The trash is empty')).toBeVisible();
  await expectNoPageScroll(page, '/devices/?view=trash');
});

test('the things and dashboards lists keep their own columns, folders and trash', async ({ page }) => {
  await signUp(page);
  await page.goto('/things/');
  const thing = page.getByTestId('thing-row').filter({ hasText: 'Demo thing' });
  await expect(thing.getByRole('link', { name: 'Demo_device' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Demo thing' }).click();
  await expect(thing).toHaveCount(0);
  await page.getByRole('link', { name: 'Trash' }).click();
  await expect(page.getByTestId('trash-row').filter({ hasText: 'Demo thing' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select Demo thing' }).check();
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('The trash is empty')).toBeVisible();
  await page.getByRole('link', { name: 'Back to things' }).click();
  await expect(thing).toBeVisible();

  await page.goto('/dashboards/?forcesearch=true');
  await expect(page.getByRole('searchbox', { name: 'Search dashboards' })).toBeFocused();
  await page.getByRole('searchbox', { name: 'Search dashboards' }).fill('demo');
  await expect(page.getByTestId('dashboard-row').filter({ hasText: 'Demo dashboard' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search dashboards' }).fill('nothing here');
  await expect(page.getByText('No dashboard or folder matches “nothing here”')).toBeVisible();
});

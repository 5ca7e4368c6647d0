import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { signUp } from '../support/accounts.ts';
import { apiSession } from '../support/api.ts';
import { BASE_URL } from '../support/base-url.ts';
import { expectNoPageScroll, settle } from '../support/layout.ts';
import { expect, test } from '../support/test.ts';

/**
 * Sketches against the real server (features/sketches): a sketch made on the Sketches page under a name that
 * is not conformant as typed, edited and saved in the editor, still edited after a reload, and downloaded as
 * a zip whose files are checked; the editor at 360 px in the dark theme; a thing's generated sketch.
 */

const TYPED = "Mon capteur d'été";
const NAME = 'Mon_capteur_dete';
const EDIT = '// blinks twice as fast';

const status = (page: Page) => page.locator('.sketch-save-state');
const code = (page: Page) => page.locator('.cm-content');

async function openSketches(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sketches' }).click();
  await settle(page);
}

async function newSketch(page: Page, typed: string) {
  await page.getByRole('button', { name: 'New sketch' }).click();
  const dialog = page.getByRole('dialog', { name: 'New sketch' });
  await dialog.getByLabel('Sketch name').fill(typed);
  await expect(dialog.getByTestId('sketch-name-preview')).toHaveText(`Saved as ${NAME}`);
  await dialog.getByRole('button', { name: 'Create sketch' }).click();
  await expect(page).toHaveURL(/\/sketches\/[0-9a-f-]+\/$/);
  await expect(page.getByRole('tab', { name: `${NAME}.ino` })).toHaveAttribute('aria-selected', 'true');
  await expect(code(page)).toContainText('void setup()');
}

test('a sketch is made, edited, saved, read back after a reload and downloaded as a zip', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  await openSketches(page);
  await newSketch(page, TYPED);
  await checkA11y('the new sketch in the editor');

  // An edit at the end of the main .ino: the tab and the toolbar say it is unsaved until Ctrl+S.
  await code(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(`\n${EDIT}`);
  await expect(status(page)).toHaveText('Unsaved changes');
  await expect(page.getByRole('tab', { name: /unsaved changes/ })).toBeVisible();
  // Leaving asks first; Stay keeps the edit.
  await page.getByRole('link', { name: 'All sketches' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await checkA11y('the leave guard');
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(status(page)).toHaveText('Unsaved changes');
  await code(page).click();
  await page.keyboard.press('Control+s');
  await expect(status(page)).toHaveText('All changes saved');

  await page.reload();
  await expect(code(page)).toContainText(EDIT);
  await expect(status(page)).toHaveText('All changes saved');

  // Download from the list: the server's zip holds `{name}/{name}.ino` with the edit.
  await page.getByRole('link', { name: 'All sketches' }).click();
  await settle(page);
  const row = page.getByTestId('sketch-row').filter({ hasText: NAME });
  await expect(row).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Download ${NAME}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${NAME}.zip`);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  const ino = files[`${NAME}/${NAME}.ino`];
  expect(ino, `zip entries: ${Object.keys(files).join(', ')}`).toBeDefined();
  expect(strFromU8(ino ?? new Uint8Array())).toContain(EDIT);
  for (const path of Object.keys(files)) expect(path.startsWith(`${NAME}/`)).toBe(true);
  await checkA11y('the Sketches list');
});

test('the editor fits at 360 px in the dark theme, every control in reach, and passes axe', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => window.localStorage.setItem('tc-theme', 'dark'));
  await signUp(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.goto('/sketches/');
  await settle(page);
  await expectNoPageScroll(page, '/sketches/');
  await checkA11y('the Sketches list at 360 px, dark');

  await newSketch(page, TYPED);
  // A second file, so the tab strip holds more than one tab.
  await page.getByRole('button', { name: 'Add file' }).click();
  const add = page.getByRole('dialog', { name: 'Add file' });
  await add.getByLabel('File name').fill('sensor_readings.h');
  await add.getByRole('button', { name: 'Add file' }).click();
  await expect(page.getByRole('tab', { name: 'sensor_readings.h' })).toHaveAttribute('aria-selected', 'true');

  await expectNoPageScroll(page, 'the sketch editor');
  for (const control of [
    page.getByRole('button', { name: 'Save', exact: true }),
    page.getByRole('button', { name: 'Add file' }),
    page.getByRole('button', { name: 'Secrets' }),
    page.getByRole('tab', { name: `${NAME}.ino` }),
    page.getByRole('tab', { name: 'sensor_readings.h' }),
  ]) {
    await expect(control).toBeInViewport();
  }
  await checkA11y('the sketch editor at 360 px, dark');

  await page.getByRole('button', { name: 'Secrets' }).click();
  await expect(page.getByRole('heading', { name: 'Secrets' })).toBeVisible();
  await expectNoPageScroll(page, 'the sketch editor with its secrets');
  await checkA11y('the Secrets panel at 360 px, dark');

  // Delete asks first; Escape keeps the file.
  await page.getByRole('button', { name: 'Delete file' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete sensor_readings.h' });
  await checkA11y('the delete confirmation, dark');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('tab', { name: 'sensor_readings.h' })).toBeVisible();
});

test("a thing's generated sketch opens from the thing page, its thingProperties.h read-only and kept in step with a new variable", async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  const account = await signUp(page);
  const api = await apiSession(BASE_URL, account);
  const [demo] = await api.call<{ id: string; name: string; sketch_id?: string }[]>('GET', '/iot/v2/things');
  if (!demo) throw new Error('the account has no demo thing');
  await page.goto(`/things/${demo.id}/`);
  await settle(page);
  const section = page.getByRole('region', { name: 'Sketch' });
  if (!demo.sketch_id) {
    await section.getByRole('button', { name: 'Create sketch' }).click();
  }
  await section.getByRole('link', { name: "Open the thing's sketch" }).click();
  await expect(page).toHaveURL(/\/sketches\/[0-9a-f-]+\/$/);
  await expect(page.getByRole('tab').first()).toHaveText(/\.ino$/);
  await expect(code(page)).toContainText('ArduinoCloud.update()');

  await page.getByRole('tab', { name: /thingProperties\.h/ }).click();
  await expect(page.locator('.sketch-note')).toContainText("generated from the thing's variables");
  await expect(code(page)).toHaveAttribute('aria-readonly', 'true');
  await expect(page.getByRole('button', { name: 'Delete file' })).toHaveCount(0);

  // A variable added elsewhere (here through the API) shows in the open header without a reload, and its
  // callback in the .ino.
  await expect(code(page)).not.toContainText('pumpLevel');
  const added = await api.call('PUT', `/iot/v2/things/${demo.id}/properties`, {
    name: 'pumpLevel',
    type: 'INT',
    permission: 'READ_WRITE',
    update_strategy: 'ON_CHANGE',
  });
  expect(added).toBeTruthy();
  await expect(code(page)).toContainText(
    'ArduinoCloud.addProperty(pumpLevel, READWRITE, ON_CHANGE, onPumpLevelChange);',
  );
  await page.getByRole('tab', { name: /\.ino$/ }).click();
  await expect(code(page)).toContainText('void onPumpLevelChange()');

  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoPageScroll(page, "the thing's sketch");
  await checkA11y("the thing's sketch at 360 px");
});

test('an uploaded zip becomes a sketch that is renamed, duplicated, sent to the trash and brought back, and keeps its secrets', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  await openSketches(page);
  const zip = zipSync({
    'Probe/Probe.ino': strToU8(
      '#include "arduino_secrets.h"\nconst char* pass = SECRET_PASS;\nvoid setup() {}\nvoid loop() {}\n',
    ),
    'Probe/sensor.h': strToU8('#pragma once\n'),
  });
  await page
    .getByLabel('Sketch file to upload (.ino or .zip)')
    .setInputFiles({ name: 'Probe.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  const probe = page.getByTestId('sketch-row').filter({ hasText: 'Probe' });
  await expect(probe).toBeVisible();

  await page.getByRole('button', { name: 'Rename Probe' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Probe' });
  await rename.getByLabel('Sketch name').fill('Probe v2');
  await expect(rename.getByTestId('sketch-name-preview')).toHaveText('Saved as Probe_v2');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('link', { name: 'Probe_v2', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Duplicate Probe_v2' }).click();
  await page
    .getByRole('dialog', { name: 'Duplicate Probe_v2' })
    .getByRole('button', { name: 'Duplicate' })
    .click();
  await expect(page.getByRole('link', { name: 'Probe_v2_copy', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Probe_v2_copy' }).click();
  await expect(page.getByRole('link', { name: 'Probe_v2_copy', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('link', { name: 'Probe_v2_copy', exact: true })).toBeVisible();
  await checkA11y('the Sketches list after an upload');

  // The sketch's files came from the zip; its secret is asked for, masked, and kept.
  await page.getByRole('link', { name: 'Probe_v2', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Probe_v2.ino' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'sensor.h' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'arduino_secrets.h' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Secrets' }).click();
  const secret = page.getByLabel('SECRET_PASS', { exact: true });
  await expect(secret).toHaveAttribute('type', 'password');
  await secret.fill('hunter2');
  await page.getByRole('button', { name: 'Save secrets' }).click();
  await expect(page.getByText('Secrets were saved')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Secrets' }).click();
  await expect(page.getByLabel('SECRET_PASS', { exact: true })).toHaveValue('hunter2');
  await expect(code(page)).not.toContainText('hunter2');
  await checkA11y('the Secrets panel');
});

import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { signUp } from '../support/accounts.ts';
import { expectNoPageScroll, settle } from '../support/layout.ts';
import { expect, test } from '../support/test.ts';

/**
 * Verify and Run against the real server and its real AVR toolchain (features/sketch-build): a sketch with an
 * undeclared name fails at its line, in the editor's gutter; the fixed one builds, with its size, runs on the
 * simulated Uno in the page and prints "hello" in its serial monitor, which echoes what is sent; the sketch's
 * zip holds the fixed code. Then the panel at 360 px in the dark theme, with the axe check.
 */

const NAME = 'Blink_hello';
const BROKEN = `void setup() {
  Serial.begin(9600);
  pinMode(LED_BUILTIN, OUTPUT);
  Serial.println("hello");
}

void loop() {
  digitalWrite(LED_BUILTIN, HIGH);
  delay(200);
  digitalWrite(LED_BUILTIN, LOW);
  delay(blinkPause);
}
`;
const FIXED = `${BROKEN.replace('delay(blinkPause);', 'delay(200);')}
void serialEvent() {
  while (Serial.available()) Serial.write(Serial.read());
}
`;

const code = (page: Page) => page.locator('.cm-content');
const build = (page: Page) => page.getByRole('region', { name: 'Build' });

async function newSketch(page: Page) {
  await page.goto('/sketches/');
  await settle(page);
  await page.getByRole('button', { name: 'New sketch' }).click();
  const dialog = page.getByRole('dialog', { name: 'New sketch' });
  await dialog.getByLabel('Sketch name').fill(NAME);
  await dialog.getByRole('button', { name: 'Create sketch' }).click();
  await expect(page).toHaveURL(/\/sketches\/[0-9a-f-]+\/$/);
  await expect(code(page)).toContainText('void setup()');
}

/** Replaces the open file's text; inserted whole, so the editor's bracket closing adds nothing. */
async function replaceCode(page: Page, text: string) {
  await code(page).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(text);
}

async function verify(page: Page) {
  await build(page).getByRole('button', { name: 'Verify' }).click();
}

test('a compile error shows at its line, the fixed sketch builds, runs in the browser and prints hello', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(240_000);
  await signUp(page);
  await newSketch(page);
  await expect(build(page).getByLabel('Board')).toHaveValue('arduino:avr:uno');

  await replaceCode(page, BROKEN);
  await page.keyboard.press('Control+s');
  await expect(page.locator('.sketch-save-state')).toHaveText('All changes saved');
  await page.reload();
  await expect(code(page)).toContainText('delay(blinkPause);');

  // A real compile: the undeclared name fails at line 11, shown in the panel and in the gutter.
  await verify(page);
  await expect(build(page).getByRole('status').first()).toHaveText(/Compilation failed: \d+ errors?\./, {
    timeout: 120_000,
  });
  const message = build(page).getByRole('list', { name: 'Compiler messages' }).getByRole('listitem').first();
  await expect(message).toContainText(`${NAME}.ino:11`);
  await expect(message).toContainText('blinkPause');
  await expect(page.locator('.cm-lint-marker-error').first()).toBeVisible();
  await checkA11y('a failed compile');

  // The fixed code is saved by Verify itself, then built: its size as the builder printed it.
  await replaceCode(page, FIXED);
  await verify(page);
  await expect(build(page).getByRole('status').first()).toHaveText('Done compiling.', { timeout: 120_000 });
  await expect(build(page).getByTestId('build-size')).toHaveText(
    /^Program storage: [\d,]+ of 32,256 bytes \(\d+%\); dynamic memory: [\d,]+ of 2,048 bytes \(\d+%\)$/,
  );
  await expect(page.locator('.cm-lint-marker-error')).toHaveCount(0);
  await expect(page.locator('.sketch-save-state')).toHaveText('All changes saved');

  // Run on the simulated Uno: "hello" in the monitor, the LED blinking, input echoed.
  await build(page).getByRole('button', { name: 'Run in browser' }).click();
  const board = page.getByRole('region', { name: 'Simulated Arduino Uno' });
  const output = board.getByTestId('serial-output');
  await expect(output).toContainText('hello', { timeout: 30_000 });
  await expect(board.getByTestId('sim-led')).toHaveAttribute('data-on', 'true');
  await expect(board.getByTestId('sim-led')).toHaveAttribute('data-on', 'false');
  await board.getByLabel('Message to the board').fill('ping');
  await board.getByRole('button', { name: 'Send' }).click();
  await expect(output).toContainText('ping');
  await board.getByRole('button', { name: 'Reset' }).click();
  await expect(output).toHaveText(/hello[\s\S]*ping[\s\S]*hello/);
  await board.getByRole('button', { name: 'Pause' }).click();
  await expect(board.getByTestId('sim-state')).toHaveText('Paused');
  await checkA11y('the simulated board and its monitor');
  await board.getByRole('button', { name: 'Close' }).click();
  await expect(board).toBeHidden();

  // The built program downloads as Intel HEX.
  const [program] = await Promise.all([
    page.waitForEvent('download'),
    build(page).getByRole('button', { name: 'Download program' }).click(),
  ]);
  expect(program.suggestedFilename()).toMatch(/\.hex$/);
  expect(await readFile(await program.path(), 'utf8')).toMatch(/^:[0-9A-F]{10}/);

  // The sketch's zip holds the fixed code.
  await page.getByRole('link', { name: 'All sketches' }).click();
  await settle(page);
  const row = page.getByTestId('sketch-row').filter({ hasText: NAME });
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Download ${NAME}` }).click(),
  ]);
  const files = unzipSync(new Uint8Array(await readFile(await zip.path())));
  expect(Object.keys(files)).toContain(`${NAME}/${NAME}.ino`);
  expect(strFromU8(files[`${NAME}/${NAME}.ino`] ?? new Uint8Array())).toContain('void serialEvent()');
});

test('the Build panel fits at 360 px in the dark theme and passes axe', async ({ page, checkA11y }) => {
  test.setTimeout(240_000);
  await page.addInitScript(() => window.localStorage.setItem('tc-theme', 'dark'));
  await signUp(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await newSketch(page);
  await replaceCode(page, FIXED);
  await verify(page);
  await expect(build(page).getByRole('status').first()).toHaveText('Done compiling.', { timeout: 120_000 });
  await build(page).getByRole('button', { name: 'Run in browser' }).click();
  const board = page.getByRole('region', { name: 'Simulated Arduino Uno' });
  await expect(board.getByTestId('serial-output')).toContainText('hello', { timeout: 30_000 });
  await board.getByRole('button', { name: 'Pause' }).click();
  await expectNoPageScroll(page, 'the Build panel with the simulated board');
  for (const control of [
    build(page).getByRole('button', { name: 'Verify' }),
    build(page).getByRole('button', { name: 'Download program' }),
    board.getByRole('button', { name: 'Send' }),
    board.getByRole('button', { name: 'Clear' }),
  ]) {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport();
  }
  await checkA11y('the Build panel at 360 px, dark');
});

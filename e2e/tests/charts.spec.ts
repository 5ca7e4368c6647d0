import type { Locator, Page } from '@playwright/test';
import { signUp } from '../support/accounts.ts';
import { expect, test } from '../support/test.ts';

/** The x range the plot shows, as its canvas host exposes it. */
async function shownRange(canvas: Locator) {
  const [min, max] = await Promise.all([
    canvas.getAttribute('data-x-min'),
    canvas.getAttribute('data-x-max'),
  ]);
  return { min: Number(min), max: Number(max), span: Number(max) - Number(min) };
}

/** Drags across the plot from one share of its width to another, as a mouse user selects a range. */
async function dragAcross(page: Page, over: Locator, fromShare: number, toShare: number) {
  const box = await over.boundingBox();
  if (!box) throw new Error('the plot has no box');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * fromShare, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * toShare, y, { steps: 8 });
  await page.mouse.up();
}

test('charts load with their page, show values under the cursor, zoom by a dragged range or the wheel, pan, space their labels and step booleans', async ({
  page,
}) => {
  // Sign-up, a dashboard, a device page and many interactions: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await signUp(page);
  // The first signed-in page does not load the chart library: it comes with the first chart.
  expect(scripts.filter((s) => /UplotPlot/.test(s))).toEqual([]);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboards' }).click();
  await page.getByRole('link', { name: 'Demo dashboard' }).click();
  const widget = page.getByRole('article', { name: 'Temperature and humidity' });
  const chart = widget.getByRole('figure', { name: 'Temperature and humidity' });
  const canvas = chart.getByTestId('chart-canvas');
  await expect(canvas.locator('canvas')).toBeVisible();
  expect(scripts.filter((s) => /UplotPlot/.test(s))).toHaveLength(1);
  // The simulated board connects and syncs first, which a busy machine makes slow.
  const temperature = chart.getByTestId('chart-legend').locator('[data-series="temperature"]');
  await expect(temperature.getByTestId('chart-legend-value')).toHaveText(/^-?\d/, { timeout: 30_000 });
  // Live: the window is the last five minutes.
  await expect.poll(async () => (await shownRange(canvas)).span).toBe(5 * 60_000);

  // Hovering reads the values at the cursor: the legend names that time instead of "Last values".
  const over = canvas.locator('.u-over');
  const time = chart.locator('.chart-legend-time');
  await page.mouse.move(0, 0);
  await expect(time).toHaveText('Last values');
  const box = await over.boundingBox();
  await over.hover({ position: { x: (box?.width ?? 100) * 0.95, y: (box?.height ?? 100) / 2 } });
  await expect(time).not.toHaveText('Last values');
  await expect(temperature.getByTestId('chart-legend-value')).toHaveText(/^-?\d/);

  // Dragging across the middle half zooms to about that half; Reset zoom goes back to the whole window.
  await dragAcross(page, over, 0.25, 0.75);
  await expect.poll(async () => (await shownRange(canvas)).span).toBeLessThan(0.6 * 5 * 60_000);
  expect((await shownRange(canvas)).span).toBeGreaterThan(0.4 * 5 * 60_000);
  const reset = chart.getByRole('button', { name: 'Reset zoom' });
  await reset.click();
  await expect.poll(async () => (await shownRange(canvas)).span).toBe(5 * 60_000);
  await expect(reset).toBeHidden();
  // A double-click resets as well.
  await dragAcross(page, over, 0.5, 0.9);
  await expect(reset).toBeVisible();
  await over.dblclick();
  await expect(reset).toBeHidden();
  await expect.poll(async () => (await shownRange(canvas)).span).toBe(5 * 60_000);

  // The wheel zooms around the cursor; zoomed, a drag pans (the span stays, the range moves earlier).
  const middle = await over.boundingBox();
  if (!middle) throw new Error('the plot has no box');
  await page.mouse.move(middle.x + middle.width * 0.5, middle.y + middle.height / 2);
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => (await shownRange(canvas)).span).toBeLessThan(5 * 60_000);
  await expect(reset).toBeVisible();
  const zoomed = await shownRange(canvas);
  await dragAcross(page, over, 0.3, 0.7);
  await expect.poll(async () => (await shownRange(canvas)).max).toBeLessThan(zoomed.max - 1000);
  expect((await shownRange(canvas)).span).toBeCloseTo(zoomed.span, -2);
  await reset.click();
  await expect.poll(async () => (await shownRange(canvas)).span).toBe(5 * 60_000);

  // Time labels never overlap: the ticks sit at least a label (measured in Chromium) apart, at both widths.
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(async () => {
        const [tick, label] = await Promise.all([
          canvas.getAttribute('data-x-tick-px'),
          canvas.getAttribute('data-x-label-px'),
        ]);
        return Number(tick) - Number(label);
      })
      .toBeGreaterThanOrEqual(16);
    expect(Number(await canvas.getAttribute('data-x-label-px'))).toBeGreaterThan(20);
  }
  await page.setViewportSize({ width: 1366, height: 800 });

  // The canvas follows the theme: a new primary colour (the first series) is drawn once <html> changes.
  const magentaPixels = () =>
    canvas.locator('canvas').evaluate((c: HTMLCanvasElement) => {
      const { data } = c.getContext('2d')?.getImageData(0, 0, c.width, c.height) ?? { data: [] };
      let count = 0;
      for (let i = 0; i < data.length; i += 4)
        if ((data[i] ?? 0) > 230 && (data[i + 1] ?? 255) < 40 && (data[i + 2] ?? 0) > 230) count += 1;
      return count;
    });
  expect(await magentaPixels()).toBe(0);
  await page.evaluate(() =>
    document.documentElement.style.setProperty('--color-primary', 'rgb(255, 0, 255)'),
  );
  await expect.poll(magentaPixels).toBeGreaterThan(0);

  // A boolean is charted as steps labelled false/true: switch the LED on, then read its chart on the device.
  const led = page.getByRole('switch', { name: 'LED' });
  await expect(led).toBeEnabled();
  await led.click();
  await expect(led).toHaveAttribute('aria-checked', 'true');
  // The dashboard has the header layout (no sidebar).
  await page.goto('/devices/');
  await page.getByRole('link', { name: 'Demo_device' }).click();
  await page.getByRole('link', { name: 'Live' }).click();
  const ledChart = page.getByRole('figure', { name: 'led', exact: true });
  await expect(ledChart.getByRole('img', { name: /^led: \d+ values?, last true$/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(ledChart.getByTestId('chart-legend-value')).toHaveText('true');
  await expect(ledChart.getByTestId('chart-canvas').locator('canvas')).toBeVisible();
});

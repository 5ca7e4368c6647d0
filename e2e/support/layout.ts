import { expect, type Page } from '@playwright/test';

/** Waits for the page's heading and for every loader to be gone. */
export async function settle(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('.page-loader, .boot-loader')).toHaveCount(0);
}

/** No page-level horizontal scroll; the message names the elements that stick out on the right. */
export async function expectNoPageScroll(page: Page, path: string) {
  const widths = await page.evaluate(() => {
    // The outermost elements that stick out on the right, named by tag and class: what to fix.
    const sticking = Array.from(document.body.querySelectorAll('*'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter(
        (el) =>
          !el.parentElement || el.parentElement.getBoundingClientRect().right <= window.innerWidth + 0.5,
      )
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`,
      );
    return { scroll: document.documentElement.scrollWidth, viewport: window.innerWidth, sticking };
  });
  expect(widths.scroll, `${path} scrolls sideways: ${widths.sticking.join(', ')}`).toBeLessThanOrEqual(
    widths.viewport,
  );
}

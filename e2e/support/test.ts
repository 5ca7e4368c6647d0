import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, type ConsoleMessage, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

const require = createRequire(import.meta.url);
/** axe-core's browser build, read once per worker. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Only these count as failures: the others are advice (spec-level accessibility: WCAG A/AA and best practice). */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page as it is now and returns its serious and critical violations. The source is
 * evaluated through the DevTools protocol rather than added as a <script> tag, which the app's CSP
 * (same-origin scripts only) would refuse.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Judge the settled page: a toast fading in or out is half transparent, and axe measures its colours
  // blended with what lies beneath (a contrast no user reads). Finite animations get up to 2 s to end.
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter(
        (a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)),
      )
      .map((a) => a.finished.catch(() => undefined));
    await Promise.race([Promise.all(ending), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }
    ).axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: AxeViolation[];
    };
    return result.violations;
  });
  return violations.filter((v) => v.impact !== null && FAILING_IMPACTS.has(v.impact));
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
        .join('\n');
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} element(s))\n${nodes}`;
    })
    .join('\n');
}

/** Characters of a failed page's accessibility tree printed at most: dialogs and alerts are near the top. */
const PAGE_STATE_CHARS = 6_000;

/** The page's address and accessibility tree (headings, dialogs, alerts, toasts, field values), for a log. */
async function pageStateForLog(page: Page): Promise<string> {
  try {
    const tree = await page.locator('body').ariaSnapshot({ timeout: 5_000 });
    const shown = tree.length > PAGE_STATE_CHARS ? `${tree.slice(0, PAGE_STATE_CHARS)}\n…` : tree;
    return `The page when the test failed: ${page.url()}\n${shown}`;
  } catch (err) {
    return `The page when the test failed: ${page.url()} (its tree could not be read: ${String(err)})`;
  }
}

export interface ConsoleErrors {
  /**
   * Tolerates console errors matching the pattern for the rest of the test: only for a test that provokes
   * an error on purpose (a stopped server, a refused request it asserts on). Keep patterns narrow.
   */
  allow(pattern: RegExp): void;
  /** What was logged so far and is not allowed. */
  readonly unexpected: readonly string[];
}

interface Fixtures {
  /** The console-error collector: any console error or uncaught page error fails the test. */
  consoleErrors: ConsoleErrors;
  /** Checks the page with axe-core now; fails on a serious or critical violation. */
  checkA11y: (label?: string) => Promise<void>;
}

interface Options {
  /** The automatic axe check after each test; a spec turns it off only when its last page is not ours. */
  axeAfterEach: boolean;
}

/**
 * The suite's `test`: every spec imports it instead of Playwright's, so each test gets the console-error
 * collector and an axe-core check of the page it ends on (both only judge a test that otherwise passed).
 */
export const test = base.extend<Fixtures & Options>({
  axeAfterEach: [true, { option: true }],

  consoleErrors: [
    async ({ context }, use, testInfo) => {
      const allowed: RegExp[] = [];
      const unexpected: string[] = [];
      const record = (text: string) => {
        if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text);
      };
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() !== 'error') return;
        const where = message.location().url;
        record(`console.error: ${message.text()}${where ? ` (${where})` : ''}`);
      };
      const onPageError = (error: Error) => record(`page error: ${error.stack ?? error.message}`);
      const watch = (page: Page) => {
        page.on('console', onConsole);
        page.on('pageerror', onPageError);
      };
      for (const page of context.pages()) watch(page);
      context.on('page', watch);

      await use({
        allow: (pattern) => allowed.push(pattern),
        get unexpected() {
          return unexpected.filter((text) => !allowed.some((pattern) => pattern.test(text)));
        },
      });

      const left = unexpected.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      if (testInfo.status === testInfo.expectedStatus && left.length > 0) {
        throw new Error(`The browser logged ${left.length} error(s) in normal use:\n${left.join('\n')}`);
      }
    },
    { auto: true },
  ],

  checkA11y: async ({ page }, use) => {
    await use(async (label) => {
      const violations = await axeViolations(page);
      if (violations.length > 0) {
        throw new Error(
          `axe found ${violations.length} serious/critical violation(s)${label ? ` (${label})` : ''} on ${page.url()}:\n${describeViolations(violations)}`,
        );
      }
    });
  },

  page: [
    async ({ page, axeAfterEach }, use, testInfo) => {
      await use(page);
      if (testInfo.status !== testInfo.expectedStatus) {
        // CI keeps only the printed output, not test-results/: print what the page showed when it failed.
        if (!page.isClosed()) console.log(await pageStateForLog(page));
        return;
      }
      // Judged only when the test itself passed: a failing test already says what is wrong.
      if (!axeAfterEach || page.isClosed()) return;
      if (!/^https?:/.test(page.url())) return;
      const violations = await axeViolations(page);
      if (violations.length > 0) {
        await testInfo.attach('axe-violations.json', {
          body: JSON.stringify(violations, null, 2),
          contentType: 'application/json',
        });
        throw new Error(
          `axe found ${violations.length} serious/critical violation(s) on ${page.url()}:\n${describeViolations(violations)}`,
        );
      }
    },
    // The check has its own time, so it does not eat into the test's timeout on a busy machine.
    { scope: 'test', timeout: 30_000 },
  ],
});

// Prints the gzipped size of the JavaScript a browser loads for the first page after sign-in (Home).
// Runs the built product on a fresh embedded database, signs up through the real sign-in pages in Chromium,
// and gzips every script body the page downloaded. Goal for the app shell: at most 200 kB.
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from '@playwright/test';
import { newAccount, signUp } from '../e2e/support/accounts.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium.ts';
import { freshDataDir, startServer } from '../e2e/support/server.ts';
import { report } from './report.ts';

const GOAL_BYTES = 200 * 1024;
const SCRIPTS_QUIET_MS = 1_000;
const server = await startServer({
  port: Number(process.env.BENCH_PORT ?? 4320),
  dataDir: freshDataDir('bench'),
});
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, newAccount('bench'), server.url);

  // A second visit measures the signed-in first page alone (the sign-in pages load no app JavaScript).
  const scripts = new Map<string, number>();
  let pending = 0;
  let lastScriptAt = Date.now();
  const isScript = (res: Response) =>
    res.request().resourceType() === 'script' || (res.headers()['content-type'] ?? '').includes('javascript');
  page.on('response', async (res) => {
    if (!isScript(res)) return;
    pending += 1;
    const body = await res.body().catch(() => Buffer.alloc(0));
    scripts.set(new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length);
    pending -= 1;
    lastScriptAt = Date.now();
  });
  // Not "networkidle": Home holds the live event stream open, so the network never goes quiet. Instead wait
  // for the page, then until no script (lazy chunks included) has arrived for a second.
  await page.goto(`${server.url}/`, { waitUntil: 'load' });
  await page.getByTestId('user-menu').waitFor();
  while (pending > 0 || Date.now() - lastScriptAt < SCRIPTS_QUIET_MS) {
    await page.waitForTimeout(100);
  }

  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  for (const [path, size] of [...scripts].sort((a, b) => b[1] - a[1])) {
    console.log(`${(size / 1024).toFixed(1).padStart(8)} kB  ${path}`);
  }
  console.log(
    `web-size: ${(total / 1024).toFixed(1)} kB (${total} bytes) gzip in ${scripts.size} scripts (goal ≤ ${GOAL_BYTES / 1024} kB, ${GOAL_BYTES} bytes)`,
  );
  report({
    bench: 'bench:web-size',
    what: 'first signed-in page, gzipped script',
    value: total / 1024,
    unit: 'kB',
    better: 'lower',
    goal: { text: `≤ ${GOAL_BYTES / 1024} kB`, met: total <= GOAL_BYTES },
  });
} finally {
  await browser.close();
  await server.stop();
}

// Prints the gzipped size of the JavaScript a browser loads for the first page after sign-in (Home).
// Runs the built product on a fresh embedded database, signs up through the real sign-in pages in Chromium,
// and gzips every script body the page downloaded. Goal for the app shell: at most 200 kB.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { newAccount, signUp } from '../e2e/support/accounts.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium.ts';
import { freshDataDir, startServer } from '../e2e/support/server.ts';

const GOAL_BYTES = 200 * 1024;
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
  page.on('response', async (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (res.request().resourceType() !== 'script' && !type.includes('javascript')) return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    scripts.set(new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
  await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
  await page.getByTestId('user-menu').waitFor();

  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  for (const [path, size] of [...scripts].sort((a, b) => b[1] - a[1])) {
    console.log(`${(size / 1024).toFixed(1).padStart(8)} kB  ${path}`);
  }
  console.log(
    `web-size: ${(total / 1024).toFixed(1)} kB gzip in ${scripts.size} scripts (goal ≤ ${GOAL_BYTES / 1024} kB)`,
  );
} finally {
  await browser.close();
  await server.stop();
}

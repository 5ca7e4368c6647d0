import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const HOW_TO_GET_ONE = [
  'The browser tests need Chromium, and none was found.',
  'Install one of these, then run the tests again:',
  '  - Debian or Ubuntu: apt-get install -y chromium   (as root; `.ci/run` does this)',
  '  - where the network allows it: npx playwright install chromium',
  '  - or point CHROMIUM_PATH at a Chromium or Chrome binary: CHROMIUM_PATH=/path/to/chrome npm test',
].join('\n');

/**
 * Chromium for the specs: CHROMIUM_PATH, else one on the PATH (the distribution's; Playwright cannot download its
 * own build everywhere), else a build Playwright downloaded itself. Without any, fails with how to get one.
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    throw new Error(`CHROMIUM_PATH names no file: ${process.env.CHROMIUM_PATH}\n\n${HOW_TO_GET_ONE}`);
  }
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      // try the next name
    }
  }
  const playwrightOwn = chromium.executablePath();
  if (playwrightOwn && existsSync(playwrightOwn)) return playwrightOwn;
  throw new Error(HOW_TO_GET_ONE);
}

/** Flags for a headless Chromium in a closed network, running as any user. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

import { defineConfig } from '@playwright/test';
import { BASE_URL, PORT } from './support/base-url.ts';
import { CHROMIUM_ARGS, chromiumPath } from './support/chromium.ts';
import { freshDataDir, SERVER_ARGS } from './support/server.ts';

// Computed once: the config is loaded again in each worker, which inherits the environment.
process.env.E2E_DATA_DIR ??= freshDataDir('main');

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    // The production build registers a service worker; page.route cannot see what a worker answers, so the
    // specs run without one, as before it existed. tests/phone.spec.ts turns it on to test the worker itself.
    serviceWorkers: 'block',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The built product on a fresh embedded database, with the Node flags `npm start` gives it.
    command: `node ${SERVER_ARGS.join(' ')}`,
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      // Outside links, so the specs can check who sees them (spec 6.3); nothing navigates there.
      ACCOUNT_URL: 'https://id.example.org/account',
      STORE_URL: 'https://store.example.org',
      STATUS_PAGE_URL: 'https://status.example.org',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // The specs sign up an account each, from one address, faster than a class would.
      SIGNUP_RATE_LIMIT_PER_MINUTE: '1000',
    },
  },
});

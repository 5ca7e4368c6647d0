import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { expectSignedIn, newAccount, signUp, type TestAccount } from './accounts.ts';
import { freshDataDir, startServer } from './server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A server of a spec's own on a fresh data directory, which can be stopped and started again on the same
 * data: the operator CLI (`npm run admin`) needs the embedded database to itself.
 */
export async function ownServer(opts: { label: string; port: number; env?: Record<string, string> }) {
  const dataDir = freshDataDir(opts.label);
  let running = await startServer({ port: opts.port, dataDir, env: opts.env ?? {} });
  let stopped = false;
  return {
    url: running.url,
    dataDir,
    port: opts.port,
    async stop() {
      if (stopped) return;
      stopped = true;
      await running.stop();
    },
    async start() {
      if (!stopped) return;
      running = await startServer({ port: opts.port, dataDir, env: opts.env ?? {} });
      stopped = false;
    },
  };
}
export type OwnServer = Awaited<ReturnType<typeof ownServer>>;

/**
 * `npm run admin -- make-operator --user <login>` on a server's data directory. With the embedded database
 * the server must be stopped first (one process may open it); with DATABASE_URL it may run.
 */
export function makeOperatorWithCli(opts: {
  dataDir: string;
  port: number;
  publicUrl: string;
  login: string;
}) {
  try {
    execFileSync('npm', ['run', '--silent', 'admin', '--', 'make-operator', '--user', opts.login], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: opts.dataDir,
        PORT: String(opts.port),
        PUBLIC_URL: opts.publicUrl,
        LOG_LEVEL: 'warn',
      },
      stdio: 'pipe',
    });
  } catch (err) {
    const e = err as { stdout?: Buffer; stderr?: Buffer; message: string };
    throw new Error(
      `make-operator --user ${opts.login} failed: ${e.message}\n${e.stdout?.toString() ?? ''}${e.stderr?.toString() ?? ''}`,
    );
  }
}

/**
 * An access token of the page's session. The app keeps its tokens in memory only, so this reloads the page
 * (the session check signs it in again) and reads the bearer token of the first API call it makes.
 */
export async function pageAccessToken(page: Page): Promise<string> {
  const call = page.waitForRequest((request) => /^Bearer /.test(request.headers().authorization ?? ''));
  await page.reload();
  return ((await call).headers().authorization ?? '').slice('Bearer '.length);
}

/**
 * Whether the page's account operates the server: `GET /users/v1/me/operator` asked from Node (page.request), so a
 * non-operator's 404 is not a console error of the page.
 */
export async function isOperator(page: Page, origin: string): Promise<boolean> {
  const token = await pageAccessToken(page);
  const res = await page.request.get(`${origin}/users/v1/me/operator`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status() === 404) return false;
  expect(res.status(), `GET /users/v1/me/operator answered ${res.status()}`).toBe(200);
  return ((await res.json()) as { operator?: unknown }).operator === true;
}

/**
 * Signs an account up in the page and makes sure it is an operator of the server. On a fresh server the first
 * account signed up is the operator already; otherwise the operator CLI makes it one. With an own server
 * (`ownServer`) it is stopped for the CLI and started again, and the page, still signed in (sessions survive
 * a restart), reloads. With the suite's main server (`{ url, dataDir }`, e.g. E2E_DATA_DIR) the CLI runs
 * beside it, which the embedded database allows only if the CLI can share it.
 */
export async function operatorSession(
  page: Page,
  server: OwnServer | { url: string; dataDir: string; port: number },
  account: TestAccount = newAccount('operator'),
): Promise<TestAccount> {
  await signUp(page, account, server.url);
  if (await isOperator(page, server.url)) return account;
  const restartable = 'stop' in server;
  if (restartable) await server.stop();
  try {
    makeOperatorWithCli({
      dataDir: server.dataDir,
      port: server.port,
      publicUrl: server.url,
      login: account.username,
    });
  } finally {
    if (restartable) await server.start();
  }
  await page.reload();
  await expectSignedIn(page, account);
  expect(await isOperator(page, server.url), `${account.username} is no operator after make-operator`).toBe(
    true,
  );
  return account;
}

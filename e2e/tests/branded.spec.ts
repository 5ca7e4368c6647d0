import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectSignedIn, newAccount, signInOnProviderPage } from '../support/accounts.ts';
import { apiSession } from '../support/api.ts';
import { freshDataDir, startServer } from '../support/server.ts';
import { createSpace, sidebarLinks } from '../support/spaces.ts';
import { expect, test } from '../support/test.ts';

// A server of its own with BASE_HOST: Chromium resolves every *.localhost name to this machine.
const PORT = Number(process.env.E2E_BRANDED_PORT ?? 4312);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('a branded sub-domain offers only its space, with its name in the header, and signs in through the main host', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dataDir = freshDataDir('branded');
  const env = { BASE_HOST: 'localhost' };
  let server = await startServer({ port: PORT, dataDir, env });
  let stopped = false;
  try {
    const admin = await apiSession(server.url, newAccount('brand'), { signUp: true });
    const space = await createSpace(admin, 'pro', 'Acme Robotics');
    await createSpace(admin, 'edu', 'Another School');
    // The operator names the sub-domain while the server is stopped (the embedded database is single-user).
    await server.stop();
    stopped = true;
    execFileSync(
      'npm',
      ['run', '--silent', 'admin', '--', 'set-slug', '--space', space.id, '--slug', 'acme'],
      {
        cwd: root,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PORT: String(PORT),
          PUBLIC_URL: server.url,
          ...env,
          LOG_LEVEL: 'warn',
        },
        stdio: 'pipe',
      },
    );
    server = await startServer({ port: PORT, dataDir, env });
    stopped = false;

    const branded = `http://acme.localhost:${PORT}`;
    await page.goto(`${branded}/`);
    await signInOnProviderPage(page, admin.account);
    await expectSignedIn(page, admin.account);
    expect(new URL(page.url()).origin).toBe(branded);
    // Only that organisation is offered (one space: no selector), and it is selected.
    await expect(page.getByTestId('space-selector')).toHaveCount(0);
    await expect(
      page.getByRole('banner').or(page.locator('aside')).getByText('Acme Robotics').first(),
    ).toBeVisible();
    expect(await sidebarLinks(page)).toContain('Space Settings');
    await expect(page.getByTestId('free-plan-banner')).toHaveCount(0);

    // Someone who is not in that organisation gets My Cloud there, with Home only (spec 2.4, 4.3).
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth\/interaction\//);
    const visitor = await apiSession(server.url, newAccount('visitor'), { signUp: true });
    await page.goto(`${branded}/`);
    await signInOnProviderPage(page, visitor.account);
    await expectSignedIn(page, visitor.account);
    expect(await sidebarLinks(page)).toEqual(['Home']);
  } finally {
    // The page's live stream would try to reconnect to the stopped server: leave it first.
    await page.goto('about:blank');
    if (!stopped) await server.stop();
  }
});

import { execFile, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { newAccount, signInOnProviderPage, signUp } from '../support/accounts.ts';
import { apiSession } from '../support/api.ts';
import { freshDataDir, grantPlanOffline, startServer } from '../support/server.ts';
import { expect, test } from '../support/test.ts';

const run = promisify(execFile);

/** The environment of an example run by hand: its secret, and no colours (Playwright forces them on). */
function exampleEnv(secret: string) {
  const { FORCE_COLOR: _, ...env } = process.env;
  return { ...env, NO_COLOR: '1', CLIENT_SECRET: secret };
}

/** Runs a script the Integrations page wrote, as a user would: `CLIENT_SECRET=... node things.cjs`. */
async function runExample(file: string, secret: string) {
  try {
    const { stdout } = await run(process.execPath, [file], {
      env: exampleEnv(secret),
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr: '' };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/**
 * Starts a long-running example (the arduino-iot-js one listens until stopped) and resolves with its output
 * once `until` appears in it; the process is stopped then, or after `timeoutMs`.
 */
function runLiveExample(file: string, secret: string, until: RegExp, timeoutMs = 60_000) {
  return new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [file], { env: exampleEnv(secret) });
    let stdout = '';
    let stderr = '';
    const finish = (error?: Error) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      if (error) reject(error);
      else resolve({ stdout, stderr });
    };
    const timer = setTimeout(
      () => finish(new Error(`no ${until} within ${timeoutMs} ms:\n${stdout}\n${stderr}`)),
      timeoutMs,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (until.test(stdout)) finish();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('exit', (code) =>
      finish(new Error(`exited with ${code} before ${until}:\n${stdout}\n${stderr}`)),
    );
  });
}

test('a key made in the UI works with the official REST client as the Integrations page shows it, until it is revoked', async ({
  page,
}, testInfo) => {
  // Two starts of a server and the operator CLI between them: slow on a busy machine.
  test.setTimeout(360_000);
  // A server of its own: API keys need a plan, which the operator grants while it is stopped.
  const port = Number(process.env.E2E_FIRMWARE_PORT ?? 4314);
  const dataDir = freshDataDir('api-keys');
  let server = await startServer({ port, dataDir });
  let stopped = false;
  try {
    const owner = await apiSession(server.url, newAccount('keys'), { signUp: true });
    await server.stop();
    stopped = true;
    grantPlanOffline({ dataDir, port, publicUrl: server.url, username: owner.account.username });
    server = await startServer({ port, dataDir });
    stopped = false;

    await page.goto(`${server.url}/api-keys/`);
    await signInOnProviderPage(page, owner.account);
    await expect(page.getByRole('heading', { name: 'API Keys', level: 1 })).toBeVisible();
    await expect(page.getByTestId('api-key-limit')).toHaveText(
      '0 of 1000 API keys used. Your plan allows 1000 API keys.',
    );
    await expect(page.getByText('No API keys yet')).toBeVisible();

    // Create: the secret is shown this once.
    await page.getByRole('button', { name: 'Create API key' }).click();
    const form = page.getByRole('dialog', { name: 'Create API key' });
    await form.getByLabel('Key name').fill('e2e script');
    await form.getByRole('button', { name: 'Create key' }).click();
    const created = page.getByRole('dialog', { name: 'API key created' });
    await expect(created.getByText(/This secret is shown only once/)).toBeVisible();
    const clientId = await created.getByTestId('api-key-client-id').inputValue();
    const secret = await created.getByTestId('api-key-client-secret').inputValue();
    expect(clientId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(secret).toMatch(/^[A-Za-z0-9]{64}$/);
    await created.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('api-key-row').filter({ hasText: 'e2e script' });
    await expect(row).toContainText(clientId);
    await expect(row).toContainText('Never');
    await expect(page.getByTestId('api-key-limit')).toContainText('1 of 1000 API keys used.');
    await expect(page.getByText(secret)).toHaveCount(0);

    // The Integrations page's REST client example, run as written: a token, then the things of the account.
    await page.goto(`${server.url}/integrations/`);
    const example = page.getByTestId('example-rest-client');
    await expect(example).toContainText(`client_id: "${clientId}"`);
    await expect(example).toContainText(`new IotApi.ApiClient("${server.url}")`);
    await expect(page.getByTestId('example-curl')).toContainText(`${server.url}/iot/v2/things`);
    // Written inside the repository so Node finds @arduino/arduino-iot-client in its node_modules.
    const script = testInfo.outputPath('things.cjs');
    await writeFile(script, (await example.textContent()) ?? '');
    const listed = await runExample(script, secret);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    // Every new account has the demo thing.
    expect(listed.stdout).toContain('Demo thing');

    // The arduino-iot-js example: live values of the demo thing over this server's WebSocket broker.
    const live = page.getByTestId('example-iot-js');
    await expect(live).toContainText(`apiUrl: "${server.url}/iot/v1/clients/token"`);
    await expect(live).toContainText(`connect("ws://127.0.0.1:${port}/mqtt", options)`);
    const liveScript = testInfo.outputPath('live.cjs');
    await writeFile(liveScript, (await live.textContent()) ?? '');
    const heard = await runLiveExample(liveScript, secret, /^temperature -?\d/m);
    expect(heard.stderr).toBe('');

    // The token request of the curl example, with fetch: the key works, and is now marked as used.
    const tokenRequest = () =>
      fetch(`${server.url}/iot/v1/clients/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: secret,
        }),
      });
    const token = await tokenRequest();
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const things = await fetch(`${server.url}/iot/v2/things`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(things.status).toBe(200);

    await page.goto(`${server.url}/api-keys/`);
    await expect(row).not.toContainText('Never');

    // Revoke, after a confirmation: the key gives no token any more, and its token stops working.
    await row.getByRole('button', { name: 'Revoke e2e script' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke e2e script?' })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await expect(page.getByTestId('api-key-row')).toHaveCount(0);
    await expect(page.getByText('No API keys yet')).toBeVisible();
    expect((await tokenRequest()).status).toBe(401);
    const after = await fetch(`${server.url}/iot/v2/things`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(after.status).toBe(401);
    const refused = await runExample(script, secret);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('token request failed: 401');
  } finally {
    // The page's live stream would try to reconnect to the stopped server: leave it first.
    await page.goto('about:blank');
    if (!stopped) await server.stop();
  }
});

test('a free account is told its plan allows no API keys, with the upgrade link instead of Create', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/api-keys/');
  const limit = page.getByTestId('api-key-limit');
  await expect(limit).toContainText('Your plan allows no API keys.');
  // An adult in My Cloud without Maker Plus is offered the maker plan (spec 6.4).
  await expect(limit.getByRole('link', { name: 'Upgrade plan' })).toHaveAttribute(
    'href',
    'https://store.example.org/subscriptions/plans?plan=create-maker-plus',
  );
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create API key' })).toHaveCount(0);

  // Integrations then points to the API Keys page for a key.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Integrations' }).click();
  await expect(page.getByTestId('integrations-no-key')).toBeVisible();
  await expect(page.getByTestId('example-curl')).toContainText('YOUR_CLIENT_ID (create one at /api-keys/)');
  await expect(page.getByTestId('webhook-row').filter({ hasText: 'Demo thing' })).toBeVisible();
});

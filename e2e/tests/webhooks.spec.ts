import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { newAccount, signInOnProviderPage } from '../support/accounts.ts';
import { apiSession } from '../support/api.ts';
import { PORT } from '../support/base-url.ts';
import { expectNoPageScroll } from '../support/layout.ts';
import { freshDataDir, startServer } from '../support/server.ts';
import { expect, test } from '../support/test.ts';

/** A webhook receiver on this machine: answers the statuses queued for it (then 200), keeps every request. */
async function startReceiver() {
  const requests: { headers: IncomingHttpHeaders; body: string }[] = [];
  const statuses: number[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      requests.push({ headers: req.headers, body });
      res.writeHead(statuses.shift() ?? 200);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    requests,
    statuses,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The receiver's check: HMAC-SHA256 of "<timestamp>.<body>" keyed with the secret it holds. */
function signedWith(req: { headers: IncomingHttpHeaders; body: string }, secret: string) {
  const ts = String(req.headers['x-tinkercloud-timestamp']);
  const mac = createHmac('sha256', secret).update(`${ts}.${req.body}`).digest('hex');
  return req.headers['x-tinkercloud-signature'] === `sha256=${mac}`;
}

/** The control is on screen, not cut off on the right. */
async function expectInView(page: Page, control: Locator) {
  const box = await control.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'the control is laid out').not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
}

test('a thing webhook: switched on with a first address, secret shown once, a test send and the delivery log', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(240_000);
  // A server of its own: the receiver is on this machine, which webhooks may reach only with
  // WEBHOOK_ALLOW_PRIVATE; one long retry keeps a failed value pending, with its next retry in the log.
  const port = Number(process.env.E2E_WEBHOOKS_PORT ?? PORT + 50);
  const receiver = await startReceiver();
  const server = await startServer({
    port,
    dataDir: freshDataDir('webhooks'),
    env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAYS_SECONDS: '600' },
  });
  try {
    const owner = await apiSession(server.url, newAccount('hooks'), { signUp: true });
    const thing = await owner.call<{ id: string; properties: { id: string }[] }>('PUT', '/iot/v2/things', {
      name: 'Greenhouse',
      properties: [
        {
          name: 'temperature',
          type: 'TEMPERATURE_C',
          permission: 'READ_WRITE',
          update_strategy: 'ON_CHANGE',
        },
      ],
    });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.goto(`${server.url}/things/${thing.id}/`);
    await signInOnProviderPage(page, owner.account);
    const hook = page.getByRole('region', { name: 'Webhook' });
    const toggle = hook.getByRole('switch', { name: 'Webhook' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(toggle).toBeDisabled();
    await expect(hook.getByText('No deliveries yet')).toBeVisible();

    // A first address switches the webhook on, and its secret is shown this once, with Copy.
    await hook.getByLabel('Webhook URL').fill(receiver.url);
    await hook.getByRole('button', { name: 'Set webhook' }).click();
    await expect(page.getByText('Webhook saved and switched on')).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(hook.getByText(/This signing secret is shown only once/)).toBeVisible();
    const secret = await hook.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    await hook.getByRole('button', { name: 'Copy signing secret' }).click();
    await expect(page.getByText('Signing secret copied to the clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    // Send a test: the receiver's status and the time, signed with that secret.
    await hook.getByRole('button', { name: 'Send a test' }).click();
    await expect(hook.getByText(/The receiver answered HTTP 200/)).toBeVisible();
    const tested = receiver.requests.at(-1);
    if (!tested) throw new Error('the receiver got nothing');
    expect(JSON.parse(tested.body)).toMatchObject({
      test: true,
      thing: { id: thing.id, name: 'Greenhouse' },
    });
    expect(signedWith(tested, secret)).toBe(true);
    await expect(hook.getByTestId('webhook-delivery').first()).toContainText('Test');

    // Done: only the masked end, also after a reload.
    await hook.getByRole('button', { name: 'Done' }).click();
    await expect(hook.getByTestId('webhook-secret-hint')).toHaveText(`whsec_…${secret.slice(-4)}`);
    await page.reload();
    await expect(hook.getByTestId('webhook-secret-hint')).toHaveText(`whsec_…${secret.slice(-4)}`);
    await expect(page.locator('body')).not.toContainText(secret);

    // Rotate asks first: Cancel and Escape keep the secret.
    const rotate = hook.getByRole('button', { name: 'Rotate secret' });
    const confirm = page.getByRole('dialog', { name: 'Rotate signing secret' });
    await rotate.click();
    await expect(confirm).toContainText('your receiver rejects deliveries until it is given the new one');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await rotate.click();
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(hook.getByTestId('webhook-secret-hint')).toHaveText(`whsec_…${secret.slice(-4)}`);
    await rotate.click();
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = await hook.getByTestId('webhook-secret').inputValue();
    expect(rotated).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(rotated).not.toBe(secret);
    await hook.getByRole('button', { name: 'Done' }).click();
    await expect(hook.getByTestId('webhook-secret-hint')).toHaveText(`whsec_…${rotated.slice(-4)}`);

    // A value the receiver refuses: the log shows it retrying, with the receiver's answer and the next retry.
    receiver.statuses.push(503);
    await owner.call('PUT', `/iot/v2/things/${thing.id}/properties/${thing.properties[0]?.id}/publish`, {
      value: 21.5,
    });
    const failing = hook.getByTestId('webhook-delivery').filter({ hasText: 'Retrying' });
    await expect(failing).toContainText('HTTP 503', { timeout: 30_000 });
    await expect(failing).toContainText('answered HTTP 503');
    await expect(failing.getByText('Next retry')).toBeVisible();
    await expect(failing.getByText('Attempts').locator('+ dd')).toHaveText('1');
    expect(signedWith(receiver.requests.at(-1) ?? tested, rotated)).toBe(true);
    expect(signedWith(receiver.requests.at(-1) ?? tested, secret)).toBe(false);

    // At phone width and at 1366 px every control of the section is on screen; axe finds nothing serious.
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      await expectNoPageScroll(page, `thing page at ${width} px`);
      for (const control of [
        toggle,
        hook.getByRole('button', { name: 'Set webhook' }),
        rotate,
        hook.getByRole('button', { name: 'Send a test' }),
        failing,
      ]) {
        await control.scrollIntoViewIfNeeded();
        await expectInView(page, control);
      }
      await checkA11y(`thing webhook at ${width} px`);
    }
    // And in the dark theme (the system's choice, followed when the user made none).
    await page.emulateMedia({ colorScheme: 'dark' });
    await checkA11y('thing webhook, dark theme');

    // Off: the switch and its words say so.
    await toggle.click();
    await expect(page.getByText('Webhook switched off')).toBeVisible();
    await expect(hook.getByTestId('webhook-state')).toHaveText(
      'Off: nothing is posted until it is switched on.',
    );
    await checkA11y('thing webhook switched off');
  } finally {
    // The page's live stream would try to reconnect to the stopped server: leave it first.
    await page.goto('about:blank');
    await server.stop();
    await receiver.close();
  }
});

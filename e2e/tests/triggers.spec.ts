import { newAccount, signInOnProviderPage, signUp } from '../support/accounts.ts';
import { apiSession } from '../support/api.ts';
import { expectNoPageScroll } from '../support/layout.ts';
import { freshDataDir, grantPlanOffline, startServer } from '../support/server.ts';
import { expect, test } from '../support/test.ts';

test('a free account is told triggers need a paid plan, with the upgrade link', async ({ page }) => {
  await signUp(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Triggers/ })
    .click();
  const notice = page.getByTestId('triggers-plan-notice');
  await expect(notice).toContainText('Triggers need a paid plan other than Entry.');
  await expect(notice.getByRole('link', { name: 'Upgrade plan' })).toHaveAttribute(
    'href',
    'https://store.example.org/subscriptions/plans?plan=create-maker-plus',
  );
  await expect(page.getByRole('button', { name: 'Create trigger' })).toHaveCount(0);
});

test('a trigger made in the dialog fires: a notification in the bell and a mail in the outbox', async ({
  page,
  checkA11y,
}) => {
  // Two starts of a server and the operator CLI between them: slow on a busy machine.
  test.setTimeout(360_000);
  // A server of its own: triggers need a plan, which the operator grants while it is stopped.
  const port = Number(process.env.E2E_TRIGGERS_PORT ?? 4313);
  const dataDir = freshDataDir('triggers');
  let server = await startServer({ port, dataDir });
  let stopped = false;
  try {
    const owner = await apiSession(server.url, newAccount('trig'), { signUp: true });
    const thing = await owner.call<{ id: string }>('PUT', '/iot/v2/things', {
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
    const [temperature] = await owner.call<{ id: string }[]>('GET', `/iot/v2/things/${thing.id}/properties`);
    await server.stop();
    stopped = true;
    grantPlanOffline({ dataDir, port, publicUrl: server.url, username: owner.account.username });
    server = await startServer({ port, dataDir });
    stopped = false;

    await page.goto(`${server.url}/triggers/`);
    await signInOnProviderPage(page, owner.account);
    await page.getByRole('button', { name: 'Create trigger' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create trigger' });
    await dialog.getByLabel('Trigger name').fill('Too hot');
    // The Greenhouse's temperature (the demo thing has one too, which its simulated board drives).
    await dialog.getByLabel('Variable', { exact: true }).selectOption(temperature?.id ?? '');
    await dialog.getByLabel('When it', { exact: true }).selectOption({ label: 'is above' });
    await dialog.getByLabel('Value', { exact: true }).fill('30');
    // The messages read as they will once fired.
    await expect(dialog.getByTestId('trigger-email-preview')).toContainText('Too hot: temperature is 30');
    await expect(dialog.getByTestId('trigger-push-preview')).toContainText('of Greenhouse is 30');
    // At phone size the dialog fits and passes axe.
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoPageScroll(page, 'trigger dialog');
    const box = await dialog.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    await checkA11y('trigger dialog');
    if (desktop) await page.setViewportSize(desktop);
    await dialog.getByRole('button', { name: 'Create trigger' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByTestId('trigger-row').filter({ hasText: 'Too hot' });
    await expect(row).toContainText('When it is above 30');
    await expect(row).toContainText('1 e-mail, 1 in-app notification');
    await expect(row.getByRole('switch', { name: 'Too hot active' })).toHaveAttribute('aria-checked', 'true');

    // The temperature crosses 30: the trigger fires.
    await owner.call('PUT', `/iot/v2/things/${thing.id}/properties/${temperature?.id}/publish`, {
      value: 31.5,
    });

    // The live stream announces the notification; with the stream open the bell polls only every 5 minutes,
    // so seeing it within 20 s means the announcement reached it.
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible({ timeout: 20_000 });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const notification = panel.getByTestId('notification').first();
    await expect(notification).toContainText('Too hot: temperature is 31.5');
    await checkA11y('notifications panel');
    await notification.getByRole('button', { name: 'Mark as read' }).click();
    await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await notification.getByRole('link', { name: 'Open trigger' }).click();
    const detail = page.getByRole('dialog', { name: 'Too hot' });
    await expect(detail.getByTestId('trigger-firings')).toContainText('Too hot: temperature is 31.5');
    // The trigger page lists the firing itself, as the server recorded it.
    await expect(detail.getByTestId('trigger-firing-log')).toContainText('temperature was 31.5');
    await detail.getByRole('button', { name: 'Close' }).first().click();

    // The e-mail action mailed the author.
    await expect
      .poll(
        async () => {
          const mails = (await (await page.request.get(`${server.url}/dev/outbox.json`)).json()) as {
            to: string;
            subject: string;
          }[];
          return mails.filter((m) => m.to === owner.account.email).map((m) => m.subject);
        },
        { timeout: 30_000 },
      )
      .toContain('Too hot: temperature is 31.5');

    // Deactivated from the list.
    await row.getByRole('switch', { name: 'Too hot active' }).click();
    await expect(row.getByRole('switch', { name: 'Too hot active' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await page.reload();
    await expect(row).toContainText('Inactive');
  } finally {
    // The page's live stream would try to reconnect to the stopped server: leave it first.
    await page.goto('about:blank');
    if (!stopped) await server.stop();
  }
});

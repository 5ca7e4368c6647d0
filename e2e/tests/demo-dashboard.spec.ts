import { signUp } from '../support/accounts.ts';
import { expect, test } from '../support/test.ts';

test('a new account opens its demo dashboard, sees the counter rise live and turns the LED on', async ({
  page,
}) => {
  await signUp(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboards' }).click();
  await expect(page).toHaveURL(/\/dashboards\/$/);
  const row = page.getByTestId('dashboard-row').filter({ hasText: 'Demo dashboard' });
  await expect(row).toContainText('6');
  await row.getByRole('link', { name: 'Demo dashboard' }).click();
  await expect(page).toHaveTitle('Dashboard | Tinkercloud');
  await expect(page.getByRole('heading', { name: 'Demo dashboard', level: 1 })).toBeVisible();

  const counter = page.getByRole('article', { name: 'Counter' }).getByTestId('widget-value');
  // The simulated board connects and syncs first, which a busy machine makes slow.
  await expect(counter).toHaveText(/^\d+$/, { timeout: 30_000 });
  const before = Number(await counter.textContent());
  await expect
    .poll(async () => Number(await counter.textContent()), { timeout: 20_000 })
    .toBeGreaterThan(before);

  const led = page.getByRole('switch', { name: 'LED' });
  await expect(led).toBeEnabled();
  await expect(led).toHaveAttribute('aria-checked', 'false');
  await led.click();
  await expect(led).toHaveAttribute('aria-checked', 'true');

  // Stored, not only shown: after a reload the switch reads it back from the server.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'LED' })).toHaveAttribute('aria-checked', 'true', {
    timeout: 20_000,
  });
});

import { signUp } from '../support/accounts.ts';
import { expect, test } from '../support/test.ts';

test('a new account finds a demo thing whose values change live, without a reload', async ({ page }) => {
  await signUp(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Things' }).click();
  await expect(page).toHaveURL(/\/things\/$/);
  await page.getByRole('link', { name: 'Demo thing' }).click();
  await expect(page).toHaveTitle('Thing | Tinkercloud');
  await expect(page.getByRole('definition').getByRole('link', { name: 'Demo_device' })).toBeVisible();

  const variables = page.getByRole('table', { name: 'Variables' });
  const value = (name: string) =>
    variables.getByTestId('variable-row').filter({ hasText: name }).getByTestId('variable-value');
  // The simulated board has sent its first values by now or does so shortly (it connects and syncs first,
  // which a busy machine makes slow).
  await expect(value('counter')).not.toHaveText('–', { timeout: 30_000 });
  await expect(value('temperature')).toHaveText(/^\d+(\.\d+)?$/);

  // From here on the values come over the live stream: the page reads them no more, and does not reload.
  const rereads: string[] = [];
  page.on('request', (r) => {
    if (/\/iot\/v2\/things\/[^/]+\/properties/.test(r.url())) rereads.push(r.url());
  });
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  const before = (await value('counter').textContent()) ?? '';
  await expect(value('counter')).not.toHaveText(before, { timeout: 20_000 });
  expect(Number(await value('counter').textContent())).toBeGreaterThan(Number(before));
  expect(rereads).toEqual([]);
  expect(navigations).toBe(0);
});

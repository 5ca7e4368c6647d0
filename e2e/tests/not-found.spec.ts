import { randomUUID } from 'node:crypto';
import { signUp } from '../support/accounts.ts';
import { expect, test } from '../support/test.ts';

test('an unknown thing answers Not Found at once, without retrying the 404', async ({
  page,
  consoleErrors,
}) => {
  await signUp(page);
  // Asking for a thing that does not exist is the point: the browser reports the 404 and the 400 once each.
  consoleErrors.allow(/status of (404|400) .*\/iot\/v2\/things\//);
  for (const id of [randomUUID(), 'not-a-thing-id']) {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/iot/v2/things/${id}`)) asked.push(request.url());
    });
    await page.goto(`/things/${id}/`);
    await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
    // One request: a 4xx answers the same however often it is asked (the old rules retried 3 times, 7 s).
    expect(asked).toHaveLength(1);
  }
});

test('a thing that fails with a 502 shows the error state with Try again, not Not Found', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await signUp(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Things' }).click();
  const link = page.getByTestId('thing-row').first().getByRole('link').first();
  const href = await link.getAttribute('href');
  const id = href?.match(/\/things\/([^/]+)\//)?.[1];
  if (!id) throw new Error('no demo thing');

  // The gateway fails: provoked on purpose, so its console errors are expected here.
  consoleErrors.allow(/status of 502|A page failed/);
  let failing = true;
  await page.route(`**/iot/v2/things/${id}?*`, (route) =>
    failing
      ? route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' })
      : route.continue(),
  );
  await page.route(`**/iot/v2/things/${id}`, (route) =>
    failing
      ? route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' })
      : route.continue(),
  );
  await page.goto(`/things/${id}/`);
  // Server errors are retried (1 s, 2 s, 4 s) before the error state shows.
  await expect(page.getByRole('heading', { name: 'Something went wrong!' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Not Found' })).toHaveCount(0);

  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Something went wrong!' })).toHaveCount(0);
  await expect(page.locator('main h1')).not.toHaveText('Not Found');
  await expect(page.getByRole('link', { name: 'All things' })).toBeVisible();
});

import { signUp } from '../support/accounts.ts';
import { apiSession } from '../support/api.ts';
import { BASE_URL } from '../support/base-url.ts';
import { expect, test } from '../support/test.ts';

interface Thing {
  id: string;
  properties: { id: string; name: string }[];
}

test('the device page follows the live event stream: a value published elsewhere shows without a re-read', async ({
  page,
}) => {
  const account = await signUp(page);
  const api = await apiSession(BASE_URL, account);
  const device = await api.call<{ id: string }>('PUT', '/iot/v2/devices', {
    name: 'balcony',
    type: 'login_and_secretkey_wifi',
  });
  const thing = await api.call<Thing>('PUT', '/iot/v2/things', {
    name: 'Balcony',
    device_id: device.id,
    properties: [
      {
        name: 'humidity',
        type: 'PERCENTAGE_RELATIVE_HUMIDITY',
        permission: 'READ_ONLY',
        update_strategy: 'ON_CHANGE',
      },
    ],
  });
  const humidity = thing.properties[0]?.id as string;

  const stream = page.waitForResponse((r) => r.url().endsWith('/live/v1/events'));
  await page.goto(`${BASE_URL}/devices/${device.id}/?graph=LIVE`);
  const opened = await stream;
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toMatch(/^text\/event-stream/);
  const row = page
    .getByRole('table', { name: 'Variables' })
    .getByTestId('variable-row')
    .filter({ hasText: 'humidity' });
  await expect(row.getByTestId('variable-value')).toHaveText('–');

  // From here on the page must not read the values again: the stream brings them.
  const rereads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/iot/v2/things/${thing.id}/properties`)) rereads.push(r.url());
  });
  // Generous: the value goes through the live stream to the page, on a machine that may be busy.
  await api.call('PUT', `/iot/v2/things/${thing.id}/properties/${humidity}/publish`, { value: 64 });
  await expect(row.getByTestId('variable-value')).toHaveText('64', { timeout: 20_000 });
  await api.call('PUT', `/iot/v2/things/${thing.id}/properties/${humidity}/publish`, { value: 65.5 });
  await expect(row.getByTestId('variable-value')).toHaveText('65.5', { timeout: 20_000 });
  expect(rereads).toEqual([]);
});

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { signUp } from '../support/accounts.ts';
import { apiSession } from '../support/api.ts';
import { BASE_URL } from '../support/base-url.ts';
import { expect, test } from '../support/test.ts';

const LEVELS = [12.5, -3.25, 0, 1_000_000, 0.1];

test("a chart's CSV download of a custom range holds exactly the stored values", async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  const account = await signUp(page);
  const api = await apiSession(BASE_URL, account);
  const thing = await api.call<{ id: string; properties: { id: string; name: string }[] }>(
    'PUT',
    '/iot/v2/things',
    {
      name: 'Tank',
      properties: [{ name: 'level', type: 'FLOAT', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' }],
    },
  );
  const level = thing.properties[0]?.id as string;
  for (const value of LEVELS) {
    await api.call('PUT', `/iot/v2/things/${thing.id}/properties/${level}/publish`, { value });
  }
  const dashboard = await api.call<{ id: string }>('POST', '/iot/v2/dashboards', {
    name: 'Tank levels',
    widgets: [
      {
        id: randomUUID(),
        type: 'chart',
        name: 'Level',
        options: {},
        x: 0,
        y: 0,
        width: 6,
        height: 4,
        variables: [level],
      },
    ],
  });
  // What the store holds, read through the series API.
  const stored = await api.call<{ responses: { times: string[]; values: number[] }[] }>(
    'POST',
    '/iot/v2/series/batch_query_raw',
    { resp_version: 1, requests: [{ q: `property.${level}`, sort: 'ASC', series_limit: 100 }] },
  );
  const { times, values } = stored.responses[0] ?? { times: [], values: [] };
  expect(values).toEqual(LEVELS);

  await page.goto(`/dashboards/${dashboard.id}/`);
  const widget = page.getByRole('article', { name: 'Level' });
  await expect(widget.getByRole('figure', { name: 'Level' })).toBeVisible();

  // A custom range from an hour ago to an hour ahead, in the browser's own time zone.
  const [from, to] = await page.evaluate(() => {
    const local = (ms: number) => {
      const d = new Date(ms);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    };
    return [local(Date.now() - 3_600_000), local(Date.now() + 3_600_000)];
  });
  await widget.getByRole('button', { name: 'Custom range' }).click();
  // The open form passes axe and fits a phone.
  await checkA11y('custom range form');
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });
  await widget.getByLabel('Range start').fill(from as string);
  await widget.getByLabel('Range end').fill(to as string);
  await widget.getByRole('button', { name: 'Show' }).click();
  await expect(widget.getByRole('button', { name: 'Page range' })).toBeVisible();
  const chart = widget.getByRole('figure', { name: 'Level' });
  await expect(chart.getByTestId('chart-canvas').locator('canvas')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await chart.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^historic-data-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, 'utf8');
  const expected = [
    'time,thing_id,property_id,property_name,property_type,value',
    ...times.map((time, i) => `${time},${thing.id},${level},level,FLOAT,${values[i]}`),
  ];
  expect(csv).toBe(`${expected.join('\r\n')}\r\n`);

  // A start after the end is refused in words, and the page's range comes back on request.
  await widget.getByRole('button', { name: 'Custom range' }).click();
  await widget.getByLabel('Range start').fill(to as string);
  await widget.getByLabel('Range end').fill(from as string);
  await widget.getByRole('button', { name: 'Show' }).click();
  await expect(widget.getByRole('alert')).toHaveText('The start must be before the end.');
  await widget.getByRole('button', { name: 'Page range' }).click();
  await expect(widget.getByRole('button', { name: 'Page range' })).toBeHidden();
});

import type { Locator, Page } from '@playwright/test';
import { signUp } from '../support/accounts.ts';
import { apiSession } from '../support/api.ts';
import { BASE_URL } from '../support/base-url.ts';
import { runSimulatorCommand, stopSimulator } from '../support/simulator.ts';
import { expect, test } from '../support/test.ts';

interface NewVariable {
  name: string;
  /** What is typed in the type search, then the type chosen in the list. */
  search: string;
  type: string;
  readOnly?: boolean;
  everySeconds?: string;
  min?: string;
  max?: string;
}

async function openAddVariable(page: Page) {
  await page.getByRole('button', { name: 'Add variable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add variable' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillVariable(dialog: Locator, v: NewVariable) {
  await dialog.getByLabel('Variable name').fill(v.name);
  await dialog.getByLabel('Search types').fill(v.search);
  await dialog.getByLabel('Variable type').selectOption(v.type);
  if (v.readOnly) await dialog.getByLabel('Read only').check();
  if (v.everySeconds) {
    await dialog.getByLabel('Every N seconds').check();
    await dialog.getByLabel('Interval (seconds)').fill(v.everySeconds);
  }
  if (v.min !== undefined) await dialog.getByLabel('Minimum').fill(v.min);
  if (v.max !== undefined) await dialog.getByLabel('Maximum').fill(v.max);
}

async function addVariable(page: Page, v: NewVariable) {
  const dialog = await openAddVariable(page);
  await fillVariable(dialog, v);
  await dialog.getByRole('button', { name: 'Add variable' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(variableRow(page, v.name)).toBeVisible();
}

const variables = (page: Page) => page.getByRole('table', { name: 'Variables' });
const variableRow = (page: Page, name: string) =>
  variables(page)
    .getByTestId('variable-row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
const shown = (page: Page, name: string) => variableRow(page, name).getByTestId('variable-value');

test('a maker creates a thing, adds variables of every kind, edits and deletes them, and sees their values', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const account = await signUp(page);
  const api = await apiSession(BASE_URL, account);

  // A device to run the thing, added in the browser.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Devices' }).click();
  await page.getByRole('button', { name: 'Add device' }).click();
  const addDevice = page.getByRole('dialog', { name: 'Add device' });
  await addDevice.getByLabel('Device name').fill('bench-1');
  await addDevice.getByRole('button', { name: 'Create device' }).click();
  const created = page.getByRole('dialog', { name: 'Device created' });
  const command = await created.getByTestId('new-device-command').inputValue();
  await created.getByRole('button', { name: 'Done' }).click();

  // The thing: a name the server would refuse is caught, then a time zone and the device are chosen.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Things' }).click();
  await expect(page).toHaveURL(/\/things\/$/);
  await page.getByRole('button', { name: 'Create thing' }).click();
  const createThing = page.getByRole('dialog', { name: 'Create thing' });
  await createThing.getByLabel('Thing name').fill('work/shop');
  await createThing.getByRole('button', { name: 'Create thing' }).click();
  await expect(createThing.getByRole('alert')).toContainText('letters, digits, spaces');
  await createThing.getByLabel('Thing name').fill('Workshop');
  await createThing.getByLabel('Time zone').selectOption('Europe/Rome');
  await createThing.getByLabel('Device (optional)').selectOption({ label: 'bench-1' });
  await createThing.getByRole('button', { name: 'Create thing' }).click();
  await expect(page).toHaveURL(/\/things\/[0-9a-f-]{36}\/$/);
  await expect(page.getByRole('heading', { name: 'Workshop', level: 1 })).toBeVisible();
  await expect(page.getByRole('definition').getByRole('link', { name: 'bench-1' })).toBeVisible();
  await expect(page.getByText('Europe/Rome')).toBeVisible();
  const thingId = page.url().match(/things\/([0-9a-f-]{36})/)?.[1] as string;
  await expect(page.getByText('No variables yet')).toBeVisible();

  // The dialog checks the name rule, names already taken and the range before anything is sent.
  let dialog = await openAddVariable(page);
  await fillVariable(dialog, { name: '1st-value', search: 'float', type: 'FLOAT', min: '5', max: '1' });
  await dialog.getByRole('button', { name: 'Add variable' }).click();
  await expect(dialog.getByText('Start with a letter')).toBeVisible();
  await expect(dialog.getByText('The maximum must not be less than the minimum.')).toBeVisible();
  // The search filters the grouped list; an unknown word leaves nothing to choose.
  await dialog.getByLabel('Search types').fill('zzz');
  await expect(dialog.getByText('No type matches this search.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const kinds: NewVariable[] = [
    { name: 'on', search: 'boolean', type: 'STATUS' },
    { name: 'count', search: 'integer', type: 'INT', everySeconds: '10' },
    { name: 'level', search: 'floating', type: 'FLOAT', min: '0', max: '10' },
    { name: 'message', search: 'string', type: 'CHARSTRING' },
    { name: 'lamp_color', search: 'color', type: 'COLOR_HSB' },
    { name: 'position', search: 'location', type: 'LOCATION' },
    { name: 'watering', search: 'schedule', type: 'SCHEDULE' },
    { name: 'room_temp', search: 'celsius', type: 'TEMPERATURE_C', readOnly: true },
    { name: 'humidity', search: 'percent', type: 'PERCENTAGE' },
    { name: 'desk_light', search: 'colored light', type: 'HOME_COLORED_LIGHT' },
    { name: 'motion', search: 'motion', type: 'HOME_MOTION_SENSOR' },
  ];
  for (const v of kinds) await addVariable(page, v);
  await expect(variables(page).getByTestId('variable-row')).toHaveCount(kinds.length);

  // A taken name is refused in the dialog.
  dialog = await openAddVariable(page);
  await fillVariable(dialog, { name: 'count', search: 'integer', type: 'INT' });
  await dialog.getByRole('button', { name: 'Add variable' }).click();
  await expect(dialog.getByText('Another variable of this thing has this name.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The server stored what the dialog said: types, permissions, policies, ranges.
  type Stored = {
    id: string;
    name: string;
    type: string;
    permission: string;
    update_strategy: string;
    update_parameter?: number;
    min_value?: number;
    max_value?: number;
    last_value?: unknown;
  };
  const stored = async () => api.call<Stored[]>('GET', `/iot/v2/things/${thingId}/properties`);
  const byName = (list: Stored[], name: string) => list.find((p) => p.name === name);
  let list = await stored();
  expect(byName(list, 'count')).toMatchObject({
    type: 'INT',
    update_strategy: 'TIMED',
    update_parameter: 10,
  });
  expect(byName(list, 'level')).toMatchObject({ min_value: 0, max_value: 10 });
  expect(byName(list, 'room_temp')?.permission).toBe('READ_ONLY');
  // A sensor type can only be read, whatever was chosen.
  expect(byName(list, 'motion')?.permission).toBe('READ_ONLY');
  expect(byName(list, 'on')?.permission).toBe('READ_WRITE');

  // Edit one: renamed, its range widened.
  await page.getByRole('button', { name: 'Edit level' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit level' });
  await expect(dialog.getByLabel('Maximum')).toHaveValue('10');
  await dialog.getByLabel('Variable name').fill('tank_level');
  await dialog.getByLabel('Maximum').fill('20');
  await dialog.getByRole('button', { name: 'Save variable' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(variableRow(page, 'tank_level')).toBeVisible();
  await expect(variableRow(page, 'level')).toHaveCount(0);

  // Delete one.
  await page.getByRole('button', { name: 'Delete humidity' }).click();
  await page
    .getByRole('dialog', { name: 'Delete variable' })
    .getByRole('button', { name: 'Delete variable' })
    .click();
  await expect(variableRow(page, 'humidity')).toHaveCount(0);
  list = await stored();
  expect(list.map((p) => p.name).sort()).toEqual(
    [
      'count',
      'desk_light',
      'lamp_color',
      'message',
      'motion',
      'on',
      'position',
      'room_temp',
      'tank_level',
      'watering',
    ].sort(),
  );
  expect(byName(list, 'tank_level')?.max_value).toBe(20);

  // Values written from the page, each with the control of its kind.
  await page.getByRole('switch', { name: 'on' }).click();
  await expect(shown(page, 'on')).toHaveText('On');
  const send = async (name: string) => {
    await variableRow(page, name)
      .getByRole('button', { name: `Send ${name}` })
      .click();
  };
  await page.getByLabel('New value for count').fill('7');
  await send('count');
  await expect(shown(page, 'count')).toHaveText('7');
  await page.getByLabel('New value for tank_level').fill('4.5');
  await send('tank_level');
  await expect(shown(page, 'tank_level')).toHaveText('4.5');
  await page.getByLabel('New value for message').fill('hello maker');
  await send('message');
  await expect(shown(page, 'message')).toHaveText('hello maker');
  await page.getByLabel('New colour for lamp_color').fill('#ff0000');
  await send('lamp_color');
  await expect(shown(page, 'lamp_color')).toHaveText('H 0° S 100% B 100%');
  // A place out of range is refused before it is sent.
  await page.getByLabel('Latitude for position').fill('95');
  await page.getByLabel('Longitude for position').fill('7.6869');
  await send('position');
  await expect(variableRow(page, 'position').getByRole('alert')).toHaveText(
    'Enter a latitude from -90 to 90.',
  );
  await page.getByLabel('Latitude for position').fill('45.0703');
  await send('position');
  await expect(shown(page, 'position')).toHaveText('45.0703° N, 7.6869° E');
  await page.getByLabel('Start of watering').fill('2026-06-01T07:30');
  await page.getByLabel('Minutes of watering').fill('30');
  await page.getByLabel('Repeat watering').selectOption('daily');
  await send('watering');
  await expect(shown(page, 'watering')).toHaveText('Every day 07:30–08:00, from 1 Jun 2026');
  await page.getByLabel('New colour for desk_light').fill('#00ff00');
  await send('desk_light');
  await expect(shown(page, 'desk_light')).toContainText('H 120° S 100% B 100%');
  // Read-only variables get no control.
  await expect(variableRow(page, 'room_temp').getByRole('button', { name: 'Send room_temp' })).toHaveCount(0);
  await expect(variableRow(page, 'motion').getByRole('switch')).toHaveCount(0);

  // After a reload the stored values come back, shown by kind.
  await page.reload();
  await expect(shown(page, 'on')).toHaveText('On');
  await expect(page.getByRole('switch', { name: 'on' })).toHaveAttribute('aria-checked', 'true');
  await expect(shown(page, 'count')).toHaveText('7');
  await expect(shown(page, 'tank_level')).toHaveText('4.5');
  await expect(shown(page, 'message')).toHaveText('hello maker');
  await expect(shown(page, 'lamp_color')).toHaveText('H 0° S 100% B 100%');
  await expect(shown(page, 'position')).toHaveText('45.0703° N, 7.6869° E');
  await expect(shown(page, 'watering')).toHaveText('Every day 07:30–08:00, from 1 Jun 2026');
  await expect(shown(page, 'desk_light')).toContainText('On');
  list = await stored();
  expect(byName(list, 'lamp_color')?.last_value).toEqual({ hue: 0, sat: 100, bri: 100 });
  expect(byName(list, 'position')?.last_value).toEqual({ lat: 45.0703, lon: 7.6869 });
  expect(byName(list, 'on')?.last_value).toBe(true);

  // The bound device (the simulator, started as the web app printed it) sends its temperature.
  const simulator = runSimulatorCommand(`${command} --properties room_temp:float --interval 1`);
  try {
    await expect(shown(page, 'room_temp')).toHaveText(/^-?\d+(\.\d+)?$/, { timeout: 40_000 });
    await expect(variableRow(page, 'room_temp')).toContainText('°C');
  } finally {
    await stopSimulator(simulator.child);
  }

  // Tags, a new name and a webhook.
  await page.getByLabel('Tag key').fill('room');
  await page.getByLabel('Tag value').fill('lab');
  await page.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByRole('list', { name: 'Tags' })).toContainText('room: lab');
  expect(await api.call('GET', `/iot/v2/things/${thingId}/tags`)).toEqual({
    tags: [{ key: 'room', value: 'lab' }],
  });
  await page.getByRole('button', { name: 'Remove tag room' }).click();
  await expect(page.getByText('No tags')).toBeVisible();
  await page.getByLabel('Thing name').fill('Workshop 2');
  await page.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('heading', { name: 'Workshop 2', level: 1 })).toBeVisible();
  await page.getByLabel('Webhook URL').fill('https://hooks.example.org/workshop');
  await page.getByRole('button', { name: 'Set webhook' }).click();
  await expect(page.getByText('Webhook saved')).toBeVisible();
  const thing = await api.call<{ name: string; webhook_uri?: string }>('GET', `/iot/v2/things/${thingId}`);
  expect(thing).toMatchObject({ name: 'Workshop 2', webhook_uri: 'https://hooks.example.org/workshop' });

  // Deleted: gone from the list (soft: the server still has it, deleted).
  await page.getByRole('button', { name: 'Delete thing' }).click();
  await page
    .getByRole('dialog', { name: 'Delete thing' })
    .getByRole('button', { name: 'Delete thing' })
    .click();
  await expect(page).toHaveURL(/\/things\/$/);
  await expect(page.getByRole('link', { name: 'Workshop 2' })).toHaveCount(0);
  // The list drops it at once (optimistic); the server has it deleted once the toast says so.
  await expect(page.getByText('Workshop 2 was deleted')).toBeVisible();
  const deleted = await api.call<{ deleted_at?: string }>(
    'GET',
    `/iot/v2/things/${thingId}?show_deleted=true`,
  );
  expect(deleted.deleted_at).toBeTruthy();
});

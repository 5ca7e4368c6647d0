import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestOptions } from '@/lib/api.ts';
import { renderApp } from '@/test/app-harness.tsx';
import type { Device, Property } from '../iot/api/schemas.ts';
import { fakeIot } from '../iot/testing/fake-iot.ts';
import { manualLive } from '../iot/testing/manual-live.ts';
import type { Widget } from './api/dashboard-schemas.ts';

const prop = (id: string, type: string, permission: string, last_value?: unknown): Property => ({
  id,
  name: id,
  type,
  permission,
  thing_id: 't1',
  ...(last_value === undefined ? {} : { last_value }),
});

const properties = [
  prop('level', 'INT', 'READ_WRITE', 4),
  prop('mode', 'CHARSTRING', 'READ_WRITE', 'eco'),
  prop('button', 'STATUS', 'READ_ONLY', true),
  prop('watering', 'SCHEDULE', 'READ_WRITE', { frm: 0, to: 0, len: 0, msk: 0 }),
  prop('tint', 'COLOR_HSB', 'READ_WRITE', { hue: 0, sat: 100, bri: 100 }),
  prop('dimmer', 'HOME_DIMMED_LIGHT', 'READ_WRITE', { swi: false, bri: 40 }),
  prop('alarm', 'TIME', 'READ_WRITE', 1_798_790_400),
];

const widget = (
  id: string,
  type: string,
  variable: string,
  options: Record<string, unknown> = {},
): Widget => ({
  id,
  type,
  name: id,
  options,
  x: 0,
  y: 0,
  width: 4,
  height: 2,
  variables: [{ ...(properties.find((p) => p.id === variable) as Property), thing_name: 'Demo thing' }],
});

function board(widgets: Widget[], devices: Device[] = []) {
  return fakeIot({
    things: [{ id: 't1', name: 'Demo thing' }],
    devices,
    properties: properties.map((p) => ({ ...p })),
    dashboards: [{ id: 'b1', name: 'Garden', updated_at: new Date().toISOString(), widgets }],
  });
}

const published = (iot: ReturnType<typeof board>) =>
  iot.calls.filter((c) => c.url.endsWith('/publish')).map((c) => ({ url: c.url, body: c.body }));

describe('Stepper', () => {
  it('publishes the value one step up', async () => {
    const iot = board([widget('Level', 'stepper', 'level', { min: 0, max: 10, step: 5 })]);
    renderApp('/dashboards/b1/', { handle: iot.handle });
    const up = await screen.findByRole('button', { name: 'Level: increase by 5' });
    await waitFor(() => expect((up as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(up);
    await waitFor(() =>
      expect(published(iot)).toEqual([
        { url: '/iot/v2/things/t1/properties/level/publish', body: { value: 9 } },
      ]),
    );
  });
});

describe('Value selector and dropdown', () => {
  const choices = [
    { label: 'Eco', value: 'eco' },
    { label: 'Boost', value: 'boost' },
  ];

  it('presses the preset holding the value and publishes another one', async () => {
    const iot = board([widget('Mode', 'value_selector', 'mode', { choices })]);
    renderApp('/dashboards/b1/', { handle: iot.handle });
    const eco = await screen.findByRole('button', { name: 'Eco' });
    await waitFor(() => expect(eco.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'Boost' }));
    await waitFor(() => expect(published(iot).map((c) => c.body)).toEqual([{ value: 'boost' }]));
  });

  it('publishes the preset picked in the dropdown', async () => {
    const iot = board([widget('Mode', 'value_dropdown', 'mode', { choices })]);
    renderApp('/dashboards/b1/', { handle: iot.handle });
    const list = (await screen.findByRole('combobox', { name: 'Mode' })) as HTMLSelectElement;
    await waitFor(() => expect(list.disabled).toBe(false));
    fireEvent.change(list, { target: { value: '1' } });
    await waitFor(() => expect(published(iot).map((c) => c.body)).toEqual([{ value: 'boost' }]));
  });
});

describe('Color and lights', () => {
  it('shows the stored HSB colour and publishes a picked one as HSB', async () => {
    const iot = board([widget('Tint', 'color', 'tint')]);
    renderApp('/dashboards/b1/', { handle: iot.handle });
    const card = await screen.findByRole('article', { name: 'Tint' });
    const picker = within(card).getByLabelText('Tint') as HTMLInputElement;
    await waitFor(() => expect(picker.value).toBe('#ff0000'));
    fireEvent.change(picker, { target: { value: '#0000ff' } });
    await waitFor(() =>
      expect(published(iot).map((c) => c.body)).toEqual([{ value: { hue: 240, sat: 100, bri: 100 } }]),
    );
  });

  it('switches a dimmed light on with its brightness kept', async () => {
    const iot = board([widget('Lamp', 'dimmed_light', 'dimmer')]);
    renderApp('/dashboards/b1/', { handle: iot.handle });
    const toggle = (await screen.findByRole('switch', { name: 'Lamp' })) as HTMLButtonElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(published(iot).map((c) => c.body)).toEqual([{ value: { swi: true, bri: 40 } }]),
    );
  });
});

describe('Display-only and offline widgets', () => {
  it('shows a switch on a read-only variable without letting it change', async () => {
    const iot = board([widget('Button', 'switch', 'button')]);
    renderApp('/dashboards/b1/', { handle: iot.handle });
    const toggle = (await screen.findByRole('switch', { name: 'Button' })) as HTMLButtonElement;
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(toggle.disabled).toBe(true);
  });

  it('says when the device of the widget’s thing is offline', async () => {
    const device: Device = {
      id: 'd1',
      name: 'Board',
      type: 'login_and_secretkey_wifi',
      device_status: 'OFFLINE',
      thing: { id: 't1', name: 'Demo thing' },
    } as Device;
    renderApp('/dashboards/b1/', { handle: board([widget('Level', 'stepper', 'level')], [device]).handle });
    const card = await screen.findByRole('article', { name: 'Level' });
    expect(await within(card).findByText('Device offline')).toBeTruthy();
  });
});

describe('Write and echo', () => {
  // The fake stores the write; `echo` stamps a later value on the variable, as the device's answer would.
  const handleWith =
    (iot: ReturnType<typeof board>, echo: boolean) => async (url: string, options: RequestOptions) => {
      const answer = await iot.handle(url, options);
      if (echo && url.endsWith('/publish')) {
        const level = iot.state.properties.find((p) => p.id === 'level');
        if (level) level.value_updated_at = new Date(Date.now() + 5000).toISOString();
      }
      return answer;
    };

  it('waits for the device once the write is stored', async () => {
    const iot = board([widget('Level', 'stepper', 'level', { min: 0, max: 10 })]);
    renderApp('/dashboards/b1/', { handle: handleWith(iot, false) });
    const up = await screen.findByRole('button', { name: 'Level: increase by 1' });
    await waitFor(() => expect((up as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(up);
    expect((await screen.findByTestId('write-state')).textContent).toMatch(
      /Sending…|Sent, waiting for the device/,
    );
    await waitFor(() =>
      expect(screen.getByTestId('write-state').textContent).toBe('Sent, waiting for the device'),
    );
  });

  it('shows the write confirmed when a newer value comes back', async () => {
    const iot = board([widget('Level', 'stepper', 'level', { min: 0, max: 10 })]);
    renderApp('/dashboards/b1/', { handle: handleWith(iot, true) });
    const up = await screen.findByRole('button', { name: 'Level: increase by 1' });
    await waitFor(() => expect((up as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(up);
    await waitFor(() =>
      expect(screen.getByTestId('write-state').textContent).toBe('Confirmed by the device'),
    );
    expect(screen.getByTestId('widget-value').textContent).toBe('5');
  });
});

describe('Device echo on the live stream', () => {
  it('confirms the write when the device echoes it, and leaves the stream it joined for that', async () => {
    const iot = board([widget('Level', 'stepper', 'level', { min: 0, max: 10 })]);
    const live = manualLive();
    renderApp('/dashboards/b1/', { handle: iot.handle, live: live.source });
    const up = await screen.findByRole('button', { name: 'Level: increase by 1' });
    await waitFor(() => expect((up as HTMLButtonElement).disabled).toBe(false));
    const idle = live.listening();
    fireEvent.click(up);
    await waitFor(() =>
      expect(screen.getByTestId('write-state').textContent).toBe('Sent, waiting for the device'),
    );
    expect(live.listening()).toBe(idle + 1);
    const event = (origin: string, property_id = 'level') => ({
      type: 'properties.value',
      data: {
        thing_id: 't1',
        property_id,
        name: property_id,
        value: 5,
        updated_at: new Date(0).toISOString(),
        origin,
      },
    });
    // A device reading or another variable's echo is not the answer to this write.
    live.emit(event('device'));
    live.emit(event('echo', 'mode'));
    expect(screen.getByTestId('write-state').textContent).toBe('Sent, waiting for the device');
    live.emit(event('echo'));
    await waitFor(() =>
      expect(screen.getByTestId('write-state').textContent).toBe('Confirmed by the device'),
    );
    await waitFor(() => expect(live.listening()).toBe(idle));
  });
});

describe('Time picker', () => {
  it('shows the stored wall time and publishes the one picked, in seconds', async () => {
    const iot = board([widget('Alarm', 'time_picker', 'alarm')]);
    renderApp('/dashboards/b1/', { handle: iot.handle });
    const card = await screen.findByRole('article', { name: 'Alarm' });
    const field = within(card).getByLabelText('Alarm') as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('2027-01-01T08:00'));
    fireEvent.change(field, { target: { value: '2027-01-01T09:30' } });
    await waitFor(() => expect(published(iot).map((c) => c.body)).toEqual([{ value: 1_798_795_800 }]));
  });
});

describe('Scheduler', () => {
  it('publishes the schedule set in its dialog as from, to, len and mask', async () => {
    const iot = board([widget('Watering', 'scheduler', 'watering')]);
    renderApp('/dashboards/b1/', { handle: iot.handle });
    expect(await screen.findByText('Not scheduled')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule of Watering' });
    fireEvent.change(within(dialog).getByLabelText('Starts'), { target: { value: '2027-01-01T08:00' } });
    fireEvent.change(within(dialog).getByLabelText('Active for (minutes)'), { target: { value: '30' } });
    fireEvent.change(within(dialog).getByLabelText('Repeats'), { target: { value: 'weekly' } });
    // Weekly starts with the start's day ticked (1 January 2027 is a Friday); Monday is added.
    expect((within(dialog).getByLabelText('Fri') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('Mon'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() =>
      expect(published(iot).map((c) => c.body)).toEqual([
        // Monday and Friday: weekly type 2 << 26 with bits 1 and 5.
        { value: { frm: 1_798_790_400, to: 0, len: 1800, msk: 0x0800_0022 } },
      ]),
    );
  });
});

describe('Messenger', () => {
  const messenger = (permission: string) => {
    const chat = widget('Chat', 'messenger', 'mode');
    const iot = board([
      { ...chat, height: 4, variables: (chat.variables ?? []).map((v) => ({ ...v, permission })) },
    ]);
    const t0 = Date.now() - 60_000;
    const at = (ms: number) => new Date(t0 + ms).toISOString();
    // A cloud write and, 400 ms later, the board's echo of it; then a text of the board's own.
    iot.state.values.mode = [
      { at: at(0), value: 'water now' },
      { at: at(400), value: 'water now' },
      { at: at(5_000), value: 'done' },
    ];
    return iot;
  };
  const texts = (card: HTMLElement) =>
    within(card)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.widget-message')?.textContent);

  it('shows a cloud write once, not again as the board’s echo, and sends text from its own box', async () => {
    const iot = messenger('READ_WRITE');
    renderApp('/dashboards/b1/', { handle: iot.handle });
    const card = await screen.findByRole('article', { name: 'Chat' });
    await waitFor(() => expect(texts(card)).toEqual(['done', 'water now']));
    const box = within(card).getByRole('textbox', { name: 'Message to send from Chat' }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'hello board' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(published(iot)).toEqual([
        { url: '/iot/v2/things/t1/properties/mode/publish', body: { value: 'hello board' } },
      ]),
    );
    await waitFor(() => expect(texts(card)).toEqual(['hello board', 'done', 'water now']));
    expect(box.value).toBe('');
  });

  it('offers no text box on a read-only variable', async () => {
    const iot = messenger('READ_ONLY');
    renderApp('/dashboards/b1/', { handle: iot.handle });
    const card = await screen.findByRole('article', { name: 'Chat' });
    await waitFor(() => expect(texts(card)).toHaveLength(2));
    expect(within(card).queryByRole('textbox')).toBeNull();
  });
});

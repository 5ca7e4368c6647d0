import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toErrorBody } from '@tinkercloud/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type RequestOptions } from '@/lib/api.ts';
import { renderApp, space } from '@/test/app-harness.tsx';
import type { Property } from '../iot/api/schemas.ts';
import { fakeIot } from '../iot/testing/fake-iot.ts';
import type { Dashboard } from './api/dashboard-schemas.ts';

const prop = (id: string, type: string, permission: string, last_value?: unknown): Property => ({
  id,
  name: id,
  type,
  permission,
  thing_id: 't1',
  ...(last_value === undefined ? {} : { last_value }),
});

function board(dashboard: Partial<Dashboard> = {}) {
  const properties = [
    prop('temperature', 'TEMPERATURE_C', 'READ_ONLY', 21.5),
    prop('speed', 'INT', 'READ_WRITE', 30),
    prop('led', 'HOME_SWITCH', 'READ_WRITE', false),
  ];
  const linked = (id: string) => ({
    ...(properties.find((p) => p.id === id) as Property),
    thing_name: 'Demo thing',
  });
  return fakeIot({
    things: [{ id: 't1', name: 'Demo thing' }],
    properties,
    dashboards: [
      {
        id: 'b1',
        name: 'Greenhouse',
        updated_at: new Date().toISOString(),
        widgets: [
          {
            id: 'w-speed',
            type: 'slider',
            name: 'Fan',
            options: { min: 0, max: 60 },
            x: 0,
            y: 0,
            width: 4,
            height: 2,
            variables: [linked('speed')],
          },
          {
            id: 'w-heat',
            type: 'percentage',
            name: 'Heat',
            options: { min: 0, max: 43 },
            x: 4,
            y: 0,
            width: 2,
            height: 2,
            variables: [linked('temperature')],
          },
        ],
        ...dashboard,
      },
    ],
  });
}

describe('Dashboards list actions', () => {
  it('creates a dashboard by name and opens it', async () => {
    const iot = board();
    renderApp('/dashboards/', { handle: iot.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Create dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create dashboard' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create dashboard' }));
    expect(await within(dialog).findByText('Enter a name for the dashboard.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Dashboard name'), { target: { value: 'Kitchen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Kitchen', level: 1 })).toBeTruthy();
    expect(iot.calls).toContainEqual({
      method: 'POST',
      url: '/iot/v2/dashboards',
      body: { name: 'Kitchen', widgets: [] },
      organization: 'my-cloud',
    });
  });
});

describe('Dashboard actions', () => {
  it('renames the dashboard', async () => {
    const iot = board();
    renderApp('/dashboards/b1/', { handle: iot.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename dashboard' });
    const field = within(dialog).getByLabelText('Dashboard name') as HTMLInputElement;
    expect(field.value).toBe('Greenhouse');
    fireEvent.change(field, { target: { value: 'Orchard' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Orchard', level: 1 })).toBeTruthy();
    expect(iot.calls).toContainEqual({
      method: 'PUT',
      url: '/iot/v2/dashboards/b1',
      body: { name: 'Orchard' },
      organization: 'my-cloud',
    });
  });

  it('clones the dashboard and opens the copy', async () => {
    const iot = board();
    const { router } = renderApp('/dashboards/b1/', { handle: iot.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Clone' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboards/dashboard-1/'));
    expect(await screen.findByRole('heading', { name: 'Copy of Greenhouse', level: 1 })).toBeTruthy();
    expect(iot.calls.some((c) => c.method === 'PUT' && c.url === '/iot/v2/dashboards/b1/clone')).toBe(true);
  });
});

describe('Dashboard widgets', () => {
  it('draws a percentage between the widget min and max', async () => {
    renderApp('/dashboards/b1/', { handle: board().handle });
    const heat = await screen.findByRole('article', { name: 'Heat' });
    await waitFor(() => expect(within(heat).getByTestId('widget-value').textContent).toBe('50 %'));
  });

  it('publishes the value the slider comes to rest on', async () => {
    const iot = board();
    renderApp('/dashboards/b1/', { handle: iot.handle });
    const slider = (await screen.findByRole('slider', { name: 'Fan' })) as HTMLInputElement;
    expect(slider.min).toBe('0');
    expect(slider.max).toBe('60');
    await waitFor(() => expect(slider.value).toBe('30'));
    fireEvent.change(slider, { target: { value: '45' } });
    await waitFor(() =>
      expect(iot.calls.filter((c) => c.url.endsWith('/publish'))).toEqual([
        {
          method: 'PUT',
          url: '/iot/v2/things/t1/properties/speed/publish',
          body: { value: 45 },
          organization: 'my-cloud',
        },
      ]),
    );
  });
});

describe('Dashboard layouts', () => {
  const narrow = (matches: boolean) => {
    const real = window.matchMedia;
    window.matchMedia = (query: string) => ({
      ...real(query),
      matches: matches && query.includes('max-width'),
    });
    return () => {
      window.matchMedia = real;
    };
  };

  it('places the widgets by the desktop layout on wide windows and by the phone layout on narrow ones', async () => {
    const phone = {
      x_mobile: 0,
      y_mobile: 2,
      width_mobile: 3,
      height_mobile: 1,
    };
    const iot = board();
    Object.assign(iot.state.dashboards[0]?.widgets?.[0] ?? {}, phone);
    const { view } = renderApp('/dashboards/b1/', { handle: iot.handle });
    const fan = await screen.findByRole('article', { name: 'Fan' });
    expect(fan.style.gridColumn).toBe('1 / span 4');
    expect(fan.style.gridRow).toBe('1 / span 2');
    view.unmount();

    const restore = narrow(true);
    renderApp('/dashboards/b1/', { handle: iot.handle });
    const phoneFan = await screen.findByRole('article', { name: 'Fan' });
    expect(phoneFan.style.gridColumn).toBe('1 / span 3');
    expect(phoneFan.style.gridRow).toBe('3 / span 1');
    // Heat has no phone layout: stacked full width under the widgets that have one.
    expect(screen.getByRole('article', { name: 'Heat' }).style.gridColumn).toBe('1 / span 4');
    expect(screen.getByRole('article', { name: 'Heat' }).style.gridRow).toBe('4 / span 2');
    restore();
  });
});

describe('Switch', () => {
  it('shows the new state at once and goes back when the write fails', async () => {
    const iot = board({
      widgets: [
        {
          id: 'w-pump',
          type: 'switch',
          name: 'Pump',
          x: 0,
          y: 0,
          width: 2,
          height: 2,
          variables: [
            { id: 'led', name: 'led', type: 'HOME_SWITCH', permission: 'READ_WRITE', thing_id: 't1' },
          ],
        },
      ],
    });
    let fail: (error: Error) => void = () => undefined;
    const handle = (url: string, options: RequestOptions) =>
      url.endsWith('/publish')
        ? new Promise((_, reject) => {
            fail = reject;
          })
        : iot.handle(url, options);
    renderApp('/dashboards/b1/', { handle });
    const pump = await screen.findByRole('switch', { name: 'Pump' });
    await waitFor(() => expect((pump as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pump);
    await waitFor(() => expect(pump.getAttribute('aria-checked')).toBe('true'));
    fail(new ApiError(toErrorBody({ code: 'unexpected_error', detail: 'The device is away', status: 500 })));
    await waitFor(() => expect(pump.getAttribute('aria-checked')).toBe('false'));
    expect(await screen.findByText('Network Error: The device is away')).toBeTruthy();
  });
});

describe('Push button', () => {
  it('publishes true, then false once the press is over', async () => {
    const iot = board({
      widgets: [
        {
          id: 'w-bell',
          type: 'push_button',
          name: 'Bell',
          x: 0,
          y: 0,
          width: 2,
          height: 2,
          variables: [
            { id: 'led', name: 'led', type: 'HOME_SWITCH', permission: 'READ_WRITE', thing_id: 't1' },
          ],
        },
      ],
    });
    renderApp('/dashboards/b1/', { handle: iot.handle });
    const bell = (await screen.findByRole('button', { name: 'Bell' })) as HTMLButtonElement;
    fireEvent.click(bell);
    await waitFor(() =>
      expect(iot.calls.filter((c) => c.url.endsWith('/publish')).map((c) => c.body)).toEqual([
        { value: true },
        { value: false },
      ]),
    );
  });
});

describe('Dashboard editing', () => {
  it('offers no edit controls on a dashboard shared with the user', async () => {
    renderApp('/dashboards/b1/', {
      handle: board({ shared_by: { user_id: 'u2', username: 'ada' } }).handle,
    });
    expect(await screen.findByText(/Shared with you by ada/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect((screen.getByRole('slider', { name: 'Fan' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('offers no edit controls to members who may not write', async () => {
    renderApp('/dashboards/b1/', {
      organizations: [space({ id: 'edu1', name: 'Hilltop School', space: 'edu', roles: [] })],
      selectedId: 'edu1',
      handle: board().handle,
    });
    await screen.findByRole('heading', { name: 'Greenhouse', level: 1 });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('adds a gauge linked to a number, moves it by keyboard, undoes and saves in one call', async () => {
    vi.stubGlobal('crypto', { ...crypto, randomUUID: () => '00000000-0000-4000-8000-000000000001' });
    const iot = board();
    renderApp('/dashboards/b1/', { handle: iot.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Gauge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure Gauge' });
    const picker = within(dialog).getByLabelText('Linked variable') as HTMLSelectElement;
    // Only numbers can be drawn on a gauge: not the LED's boolean.
    await waitFor(() =>
      expect([...picker.options].map((o) => o.textContent)).toEqual(['None', 'temperature', 'speed']),
    );
    fireEvent.change(picker, { target: { value: 'temperature' } });
    fireEvent.change(within(dialog).getByLabelText('Maximum'), { target: { value: '-5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('The maximum must be greater than the minimum.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Maximum'), { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const move = screen.getByRole('button', { name: /^Move Gauge/ });
    fireEvent.keyDown(move, { key: 'ArrowRight' });
    fireEvent.keyDown(move, { key: 'ArrowRight' });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Heat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
    const saves = iot.calls.filter((c) => c.method === 'PUT' && c.url === '/iot/v2/dashboards/b1');
    expect(saves).toHaveLength(1);
    const [save] = saves as unknown as [{ body: { widgets: Record<string, unknown>[] } }];
    const { widgets } = save.body;
    expect(widgets.map((w) => w.id)).toEqual(['w-speed', '00000000-0000-4000-8000-000000000001']);
    expect(widgets[1]).toMatchObject({
      type: 'gauge',
      name: 'Gauge',
      options: { min: 0, max: 40 },
      // The first free place beside the slider and the percentage, one step right of it (the undo).
      x: 7,
      y: 0,
      width: 3,
      height: 3,
      variables: ['temperature'],
    });
    expect(await screen.findByRole('meter', { name: 'Gauge' })).toBeTruthy();
    vi.unstubAllGlobals();
  });
  it('sets a value selector’s choices (checked against the variable) and an advanced chart’s extra lines', async () => {
    const iot = board({ widgets: [] });
    renderApp('/dashboards/b1/', { handle: iot.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Value selector' }));
    const selector = await screen.findByRole('dialog', { name: 'Configure Value selector' });
    const picker = within(selector).getByLabelText('Linked variable') as HTMLSelectElement;
    await waitFor(() => expect([...picker.options].map((o) => o.value)).toContain('speed'));
    fireEvent.change(picker, { target: { value: 'speed' } });
    fireEvent.change(within(selector).getByLabelText('Choices'), {
      target: { value: 'Slow = 10\nFast = quick' },
    });
    fireEvent.click(within(selector).getByRole('button', { name: 'Apply' }));
    expect(
      await within(selector).findByText('"Fast = quick" is not a value of the linked variable.'),
    ).toBeTruthy();
    fireEvent.change(within(selector).getByLabelText('Choices'), {
      target: { value: 'Slow = 10\nFast = 50' },
    });
    fireEvent.click(within(selector).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Add Advanced chart' }));
    const chart = await screen.findByRole('dialog', { name: 'Configure Advanced chart' });
    fireEvent.change(within(chart).getByLabelText('Linked variable'), { target: { value: 'temperature' } });
    fireEvent.click(within(chart).getByLabelText('Demo thing · speed'));
    fireEvent.click(within(chart).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
    const save = iot.calls.find(
      (c) => c.method === 'PUT' && c.url === '/iot/v2/dashboards/b1',
    ) as unknown as {
      body: { widgets: Record<string, unknown>[] };
    };
    expect(save.body.widgets.map((w) => [w.type, w.options, w.variables])).toEqual([
      [
        'value_selector',
        {
          choices: [
            { label: 'Slow', value: 10 },
            { label: 'Fast', value: 50 },
          ],
        },
        ['speed'],
      ],
      ['advanced_chart', { aggregation: 'AVG' }, ['temperature', 'speed']],
    ]);
  });

  it('edits the phone layout apart from the desktop one, and Cancel drops the changes', async () => {
    const iot = board();
    renderApp('/dashboards/b1/', { handle: iot.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Phone layout' }));
    expect(screen.getByRole('button', { name: 'Phone layout' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(screen.getByRole('button', { name: /^Move Fan/ }), {
      key: 'ArrowLeft',
      shiftKey: true,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Edit' });
    const [save] = iot.calls.filter((c) => c.method === 'PUT') as unknown as [
      { body: { widgets: Record<string, unknown>[] } },
    ];
    expect(save.body.widgets[0]).toMatchObject({ width: 4, height: 2, width_mobile: 3, x_mobile: 0 });

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Fan' }));
    expect(screen.queryByRole('button', { name: /^Move Fan/ })).toBeNull();
    // Cancel asks first: Keep editing keeps the change, Discard drops it.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('region', { name: 'Dashboard editor' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Move Fan/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    expect(await screen.findByRole('article', { name: 'Fan' })).toBeTruthy();
    expect(iot.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('adds no widget when a new widget’s dialog is cancelled or closed with Escape', async () => {
    const iot = board();
    renderApp('/dashboards/b1/', { handle: iot.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Gauge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure Gauge' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Add Switch' }));
    fireEvent.keyDown(await screen.findByRole('dialog', { name: 'Configure Switch' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByTestId('editor-widget')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Move (Gauge|Switch)/ })).toBeNull();
    // Nothing changed, so Cancel leaves at once without asking.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

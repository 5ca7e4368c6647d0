import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toErrorBody } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, type RequestOptions } from '@/lib/api.ts';
import { renderApp, space } from '@/test/app-harness.tsx';
import type { Property, Thing } from '../iot/api/schemas.ts';
import { fakeIot } from '../iot/testing/fake-iot.ts';
import { manualLive } from '../iot/testing/manual-live.ts';
import type { Dashboard, LinkedVariable, Widget } from './api/dashboard-schemas.ts';

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const MINUTE = 60_000;

/** The demo board of a new account: a thing with five variables and a dashboard of six widgets. */
function demo(seed: { ledPermission?: string } = {}) {
  const things: Thing[] = [{ id: 't1', name: 'Demo thing', properties_count: 5 }];
  const prop = (id: string, type: string, permission: string, last_value?: unknown): Property => ({
    id,
    name: id,
    type,
    permission,
    thing_id: 't1',
    ...(last_value === undefined ? {} : { last_value, value_updated_at: ago(MINUTE) }),
  });
  const properties = [
    prop('temperature', 'TEMPERATURE_C', 'READ_ONLY', 21.5),
    prop('humidity', 'RELATIVE_HUMIDITY', 'READ_ONLY', 40),
    prop('counter', 'INT', 'READ_ONLY', 7),
    prop('message', 'CHARSTRING', 'READ_WRITE', 'Hello'),
    prop('led', 'HOME_SWITCH', seed.ledPermission ?? 'READ_WRITE', false),
  ];
  const linked = (id: string): LinkedVariable => {
    const p = properties.find((x) => x.id === id) as Property;
    return { ...p, thing_name: 'Demo thing', last_value_updated_at: p.value_updated_at };
  };
  const widget = (type: string, name: string, vars: string[], x: number, y: number, width = 2): Widget => ({
    id: `w-${name}`,
    type,
    name,
    x,
    y,
    width,
    height: 2,
    variables: vars.map(linked),
  });
  const dashboards: Dashboard[] = [
    {
      id: 'b1',
      name: 'Demo dashboard',
      updated_at: ago(MINUTE),
      // Stored in another order than the layout's.
      widgets: [
        widget('messenger', 'Messages', ['message'], 6, 2),
        widget('chart', 'Temperature and humidity', ['temperature', 'humidity'], 0, 2, 6),
        widget('switch', 'LED', ['led'], 6, 0),
        widget('value', 'Counter', ['counter'], 4, 0),
        widget('value', 'Temperature', ['temperature'], 0, 0),
        widget('gauge', 'Humidity gauge', ['humidity'], 2, 0),
      ],
    },
  ];
  return fakeIot({
    things,
    properties,
    dashboards,
    values: {
      temperature: [
        { at: ago(3 * MINUTE), value: 20 },
        { at: ago(MINUTE), value: 21.5 },
      ],
      message: [
        { at: ago(3 * MINUTE), value: 'Welcome' },
        { at: ago(MINUTE), value: 'Hello' },
      ],
    },
  });
}

const widgetCard = (name: string) => screen.getByRole('article', { name });
const valueIn = (name: string) => within(widgetCard(name)).getByTestId('widget-value').textContent;

describe('Dashboards list', () => {
  it('lists the dashboards of the space with their number of widgets', async () => {
    const iot = demo();
    renderApp('/dashboards/', { handle: iot.handle });
    const row = await screen.findByTestId('dashboard-row');
    expect(within(row).getByRole('link', { name: 'Demo dashboard' }).getAttribute('href')).toBe(
      '/dashboards/b1/',
    );
    expect(row.textContent).toContain('6');
    expect(iot.calls).toContainEqual({
      method: 'GET',
      url: '/iot/v2/dashboards',
      body: undefined,
      organization: 'my-cloud',
    });
  });

  it('reads the dashboards of the selected team space', async () => {
    const iot = demo();
    renderApp('/dashboards/', {
      organizations: [
        space({ id: 'edu1', name: 'Hilltop School', space: 'edu', roles: ['role:edu-student'] }),
      ],
      selectedId: 'edu1',
      handle: iot.handle,
    });
    await screen.findByTestId('dashboard-row');
    expect(iot.calls.every((c) => c.organization === 'edu1')).toBe(true);
  });

  it('says when the dashboards could not be loaded and reads them again on request', async () => {
    const iot = demo();
    iot.state.failList = true;
    renderApp('/dashboards/', { handle: iot.handle });
    expect(await screen.findByText('Dashboards could not be loaded')).toBeTruthy();
    iot.state.failList = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('dashboard-row')).toBeTruthy();
  });

  it('lists a dashboard created elsewhere once the live stream says so', async () => {
    const iot = demo();
    const created = iot.state.dashboards[0] as Dashboard;
    iot.state.dashboards = [];
    const live = manualLive();
    renderApp('/dashboards/', { handle: iot.handle, live: live.source });
    expect(await screen.findByText('No dashboards yet')).toBeTruthy();
    iot.state.dashboards = [created];
    live.emit({ type: 'dashboards.created', data: { dashboard_id: created.id } });
    expect(await screen.findByTestId('dashboard-row')).toBeTruthy();
  });

  it('says when there are no dashboards', async () => {
    renderApp('/dashboards/', { handle: fakeIot().handle });
    expect(await screen.findByText('No dashboards yet')).toBeTruthy();
  });
});

describe('Dashboard page', () => {
  it('shows the widgets in layout order with the values of their variables', async () => {
    renderApp('/dashboards/b1/?graph=1H', { handle: demo().handle });
    expect(await screen.findByRole('heading', { name: 'Demo dashboard', level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Dashboard | Tinkercloud'));
    expect(screen.getAllByTestId('widget').map((w) => w.getAttribute('aria-label'))).toEqual([
      'Temperature',
      'Humidity gauge',
      'Counter',
      'LED',
      'Temperature and humidity',
      'Messages',
    ]);
    expect(valueIn('Temperature')).toBe('21.5');
    expect(valueIn('Counter')).toBe('7');
    expect(within(widgetCard('LED')).getByRole('switch', { name: 'LED' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    // The gauge draws its value on an arc between its min and max (0..100 by default).
    const gauge = widgetCard('Humidity gauge');
    expect(valueIn('Humidity gauge')).toBe('40');
    expect(within(gauge).getByRole('meter', { name: 'Humidity gauge' }).getAttribute('value')).toBe('40');
    // One chart, a series per linked variable, each in the legend with its last value.
    const chart = widgetCard('Temperature and humidity');
    expect(
      await within(chart).findByRole('img', {
        name: 'temperature: 2 values from 20 to 21.5; humidity: no values in this period',
      }),
    ).toBeTruthy();
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['temperature21.5', 'humidity–']);
    const messages = await within(widgetCard('Messages')).findAllByRole('listitem');
    expect(messages.map((m) => m.querySelector('.widget-message')?.textContent)).toEqual([
      'Hello',
      'Welcome',
    ]);
  });

  it('keeps the messages and the chart as last read when reading them again fails', async () => {
    const iot = demo();
    let down = false;
    const handle = (url: string, options: RequestOptions) => {
      if (down && url.startsWith('/iot/v2/series/'))
        throw new ApiError(
          toErrorBody({ code: 'unexpected_error', detail: 'Network Error: down', status: 503 }),
        );
      return iot.handle(url, options);
    };
    const { queryClient } = renderApp('/dashboards/b1/', { handle });
    await within(await screen.findByRole('article', { name: 'Messages' })).findAllByRole('listitem');
    const chart = widgetCard('Temperature and humidity');
    await within(chart).findByRole('figure');
    down = true;
    await queryClient.refetchQueries();
    for (const card of [widgetCard('Messages'), chart])
      await waitFor(() =>
        expect(within(card).getByRole('status').textContent).toBe('Shown as last read: Network Error: down'),
      );
    expect(within(widgetCard('Messages')).getAllByRole('listitem')).toHaveLength(2);
    expect(within(chart).getByRole('figure')).toBeTruthy();
  });

  it('publishes the opposite value when the switch is clicked', async () => {
    const iot = demo();
    renderApp('/dashboards/b1/', { handle: iot.handle });
    const toggle = await screen.findByRole('switch', { name: 'LED' });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(iot.calls.filter((c) => c.url.endsWith('/publish'))).toEqual([
      {
        method: 'PUT',
        url: '/iot/v2/things/t1/properties/led/publish',
        body: { value: true },
        organization: 'my-cloud',
      },
    ]);
  });

  it('keeps the switch of a read-only variable disabled', async () => {
    renderApp('/dashboards/b1/', { handle: demo({ ledPermission: 'READ_ONLY' }).handle });
    const toggle = (await screen.findByRole('switch', { name: 'LED' })) as HTMLButtonElement;
    expect(toggle.disabled).toBe(true);
  });

  it('keeps the switch disabled for members who may not send values', async () => {
    const iot = demo();
    renderApp('/dashboards/b1/', {
      organizations: [space({ id: 'edu1', name: 'Hilltop School', space: 'edu', roles: [] })],
      selectedId: 'edu1',
      handle: iot.handle,
    });
    const toggle = (await screen.findByRole('switch', { name: 'LED' })) as HTMLButtonElement;
    expect(toggle.disabled).toBe(true);
    expect(iot.calls.every((c) => c.organization === 'edu1')).toBe(true);
  });

  it('applies values from the live stream', async () => {
    const iot = demo();
    const live = manualLive();
    renderApp('/dashboards/b1/', { handle: iot.handle, live: live.source });
    await screen.findByRole('article', { name: 'Counter' });
    await waitFor(() => expect(iot.calls.some((c) => c.url === '/iot/v2/things/t1/properties')).toBe(true));
    await within(widgetCard('Messages')).findAllByRole('listitem');
    const value = (property_id: string, v: unknown) =>
      live.emit({
        type: 'properties.value',
        data: {
          thing_id: 't1',
          property_id,
          name: property_id,
          value: v,
          updated_at: new Date().toISOString(),
        },
      });
    value('counter', 8);
    value('led', true);
    value('message', 'Try switching the LED');
    await waitFor(() => expect(valueIn('Counter')).toBe('8'));
    expect(screen.getByRole('switch', { name: 'LED' }).getAttribute('aria-checked')).toBe('true');
    const messages = within(widgetCard('Messages')).getAllByRole('listitem');
    expect(messages[0]?.textContent).toContain('Try switching the LED');
    expect(messages).toHaveLength(3);
  });

  it('answers Not Found for an unknown dashboard', async () => {
    renderApp('/dashboards/nope/', { handle: demo().handle });
    expect(await screen.findByText('Not Found')).toBeTruthy();
  });
});

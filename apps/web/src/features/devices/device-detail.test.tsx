import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toErrorBody } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, type RequestOptions } from '@/lib/api.ts';
import { renderApp } from '@/test/app-harness.tsx';
import type { Device, Property, Thing } from '../iot/api/schemas.ts';
import { fakeIot } from '../iot/testing/fake-iot.ts';
import { manualLive } from '../iot/testing/manual-live.ts';

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const HOUR = 3_600_000;

function greenhouse() {
  const devices: Device[] = [
    {
      id: 'd1',
      name: 'greenhouse-1',
      type: 'login_and_secretkey_wifi',
      label: 'ESP32 Dev Module',
      fqbn: 'esp32:esp32:esp32',
      device_status: 'ONLINE',
      lib_version: '2.4.1',
      created_at: ago(48 * HOUR),
      last_activity_at: ago(1000),
      thing: { id: 't1', name: 'Greenhouse' },
    },
    { id: 'd2', name: 'spare', type: 'login_and_secretkey_wifi', device_status: 'OFFLINE' },
  ];
  const things: Thing[] = [
    {
      id: 't1',
      name: 'Greenhouse',
      device_id: 'd1',
      device_name: 'greenhouse-1',
      properties_count: 4,
      timezone: 'Europe/Rome',
    },
  ];
  const prop = (id: string, type: string, permission: string, extra: Partial<Property> = {}): Property => ({
    id,
    name: id,
    type,
    permission,
    thing_id: 't1',
    ...extra,
  });
  const properties = [
    prop('temperature', 'TEMPERATURE_C', 'READ_ONLY', { last_value: 21.5, value_updated_at: ago(60_000) }),
    prop('setpoint', 'FLOAT', 'READ_WRITE'),
    prop('pump', 'HOME_SWITCH', 'READ_WRITE', { last_value: true, value_updated_at: ago(HOUR) }),
    prop('label', 'CHARSTRING', 'READ_WRITE', { last_value: 'tomatoes', value_updated_at: ago(HOUR) }),
  ];
  return fakeIot({
    devices,
    things,
    properties,
    otas: {
      d1: [
        {
          id: 'o2',
          status: 'failed',
          started_at: ago(HOUR),
          ended_at: ago(HOUR - 60_000),
          error_reason: 'The device failed the update (error -3).',
          firmware_size: 2048,
        },
        {
          id: 'o1',
          status: 'succeeded',
          started_at: ago(2 * HOUR),
          firmware_size: 1536,
          sha256: 'ab'.repeat(32),
        },
      ],
    },
    statuses: {
      d1: [
        { updated_at: ago(10 * 60_000), value: 'CONNECTED' },
        { updated_at: ago(HOUR), value: 'DISCONNECTED' },
      ],
    },
    values: {
      temperature: [
        { at: ago(2 * HOUR), value: 20 },
        { at: ago(60_000), value: 21.5 },
      ],
      pump: [{ at: ago(HOUR), value: true }],
      label: [{ at: ago(HOUR), value: 'tomatoes' }],
    },
  });
}

const variableRow = (name: string) =>
  within(screen.getByRole('table', { name: 'Variables' }))
    .getAllByTestId('variable-row')
    .find((row) => within(row).queryByRole('rowheader', { name })) as HTMLElement;
const shownValue = (name: string) => within(variableRow(name)).getByTestId('variable-value').textContent;

describe('Device page', () => {
  it('shows the device, its connection history and the last values of its thing', async () => {
    renderApp('/devices/d1/', { handle: greenhouse().handle });
    expect(await screen.findByRole('heading', { name: 'greenhouse-1' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Device | Tinkercloud'));
    const info = screen.getByRole('region', { name: 'Device' });
    expect(info.textContent).toContain('ONLINE');
    expect(info.textContent).toContain('ESP32 Dev Module');
    expect(info.textContent).toContain('2.4.1');
    expect(within(info).getByRole('link', { name: 'Greenhouse' }).getAttribute('href')).toBe('/things/t1/');
    expect((within(info).getByLabelText('Device ID') as HTMLInputElement).value).toBe('d1');
    const history = screen.getByRole('region', { name: 'Status history' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2));
    const [latest, earlier] = within(history).getAllByRole('listitem');
    expect(latest?.textContent).toContain('Connected');
    expect(earlier?.textContent).toContain('Disconnected');
    await waitFor(() => expect(shownValue('temperature')).toBe('21.5'));
    expect(shownValue('setpoint')).toBe('–');
    expect(shownValue('pump')).toBe('On');
    expect(shownValue('label')).toBe('tomatoes');
    // Writable variables get the control of their kind (a switch for a boolean), read-only ones none.
    expect(screen.queryByLabelText('New value for temperature')).toBeNull();
    for (const name of ['setpoint', 'label'])
      expect(screen.getByLabelText(`New value for ${name}`)).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'pump' }).getAttribute('aria-checked')).toBe('true');
  });

  it('charts each numeric variable for the range from about 500 buckets', async () => {
    const iot = greenhouse();
    renderApp('/devices/d1/?graph=7D', { handle: iot.handle });
    expect(await screen.findByRole('img', { name: 'temperature: 2 values from 20 to 21.5' })).toBeTruthy();
    // A boolean is charted as false/true steps and read as such.
    expect(screen.getByRole('img', { name: 'pump: 1 value, last true' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'setpoint: no values in this period' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /^label/ })).toBeNull();
    // Each chart's legend shows the last value while the cursor is elsewhere; a table sums it up.
    const pump = screen.getByRole('figure', { name: 'pump' });
    expect(within(pump).getByTestId('chart-legend-value').textContent).toBe('true');
    const table = within(screen.getByRole('figure', { name: 'temperature' })).getByRole('table', {
      name: 'temperature: values in this period',
    });
    expect(within(table).getByRole('row', { name: 'temperature 2 20 21.5 21.5' })).toBeTruthy();
    const call = iot.calls.find((c) => c.url === '/iot/v2/series/batch_query') as { body: unknown };
    const request = (call.body as { requests: { q: string; from: string; to: string; interval: number }[] })
      .requests[0];
    expect(request?.q).toBe('thing.t1');
    expect(request?.interval).toBe(1210);
    expect(Date.parse(request?.to ?? '') - Date.parse(request?.from ?? '')).toBe(7 * 24 * HOUR);
    // The ranges of spec 2.2, the chosen one marked.
    const ranges = screen.getByRole('navigation', { name: 'History range' });
    expect(
      within(ranges)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['15 days', '7 days', '1 days', '1 hour', 'Live']);
    expect(within(ranges).getByRole('link', { name: '7 days' }).getAttribute('aria-current')).toBeTruthy();
    expect(within(ranges).getByRole('link', { name: 'Live' }).getAttribute('href')).toBe(
      '/devices/d1/?graph=LIVE',
    );
  });

  it('switches range from the links and reads the new range', async () => {
    const iot = greenhouse();
    const { router } = renderApp('/devices/d1/', { handle: iot.handle });
    await screen.findByRole('img', { name: /^temperature: 2 values/ });
    fireEvent.click(screen.getByRole('link', { name: '1 hour' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ graph: '1H' }));
    // Only the value of the last minute is in the last hour.
    expect(await screen.findByRole('img', { name: 'temperature: 1 value from 21.5 to 21.5' })).toBeTruthy();
    const intervals = iot.calls
      .filter((c) => c.url === '/iot/v2/series/batch_query')
      .map((c) => (c.body as { requests: { interval: number }[] }).requests[0]?.interval);
    expect(intervals).toEqual([173, 8]);
  });

  it('appends values from the live stream in Live mode without reading the series again', async () => {
    const iot = greenhouse();
    const live = manualLive();
    renderApp('/devices/d1/?graph=LIVE', { handle: iot.handle, live: live.source });
    expect(await screen.findByRole('img', { name: 'temperature: 1 value from 21.5 to 21.5' })).toBeTruthy();
    const raw = iot.calls.filter((c) => c.url === '/iot/v2/series/batch_query_raw');
    expect(raw).toHaveLength(1);
    live.emit({
      type: 'properties.value',
      data: {
        thing_id: 't1',
        property_id: 'temperature',
        name: 'temperature',
        value: 23,
        updated_at: new Date().toISOString(),
      },
    });
    await waitFor(() => expect(shownValue('temperature')).toBe('23'));
    expect(screen.getByRole('img', { name: 'temperature: 2 values from 21.5 to 23' })).toBeTruthy();
    live.emit({
      type: 'devices.status',
      data: { device_id: 'd1', status: 'OFFLINE', at: new Date().toISOString() },
    });
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Device' }).textContent).toContain('OFFLINE'),
    );
    expect(
      within(screen.getByRole('region', { name: 'Status history' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    expect(iot.calls.filter((c) => c.url.startsWith('/iot/v2/series'))).toHaveLength(1);
  });

  it('sends values to writable variables, checking what was typed', async () => {
    const iot = greenhouse();
    renderApp('/devices/d1/', { handle: iot.handle });
    const input = await screen.findByLabelText('New value for setpoint');
    fireEvent.change(input, { target: { value: 'warm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send setpoint' }));
    expect(within(variableRow('setpoint')).getByRole('alert').textContent).toBe('Enter a number.');
    fireEvent.change(input, { target: { value: '18.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send setpoint' }));
    await waitFor(() => expect(shownValue('setpoint')).toBe('18.5'));
    fireEvent.click(screen.getByRole('switch', { name: 'pump' }));
    await waitFor(() => expect(shownValue('pump')).toBe('Off'));
    expect(iot.calls.filter((c) => c.url.endsWith('/publish'))).toEqual([
      {
        method: 'PUT',
        url: '/iot/v2/things/t1/properties/setpoint/publish',
        body: { value: 18.5 },
        organization: 'my-cloud',
      },
      {
        method: 'PUT',
        url: '/iot/v2/things/t1/properties/pump/publish',
        body: { value: false },
        organization: 'my-cloud',
      },
    ]);
    expect(await screen.findByText('setpoint set to 18.5')).toBeTruthy();
  });

  it('says when no thing is bound', async () => {
    renderApp('/devices/d2/', { handle: greenhouse().handle });
    expect(await screen.findByText('No thing is bound to this device')).toBeTruthy();
    expect(await screen.findByText('The device has not connected yet.')).toBeTruthy();
  });
});

describe('Things pages', () => {
  it('lists things with their device and number of variables', async () => {
    renderApp('/things/', { handle: greenhouse().handle });
    const row = await screen.findByTestId('thing-row');
    expect(within(row).getByRole('link', { name: 'Greenhouse' }).getAttribute('href')).toBe('/things/t1/');
    expect(within(row).getByRole('link', { name: 'greenhouse-1' }).getAttribute('href')).toBe('/devices/d1/');
    expect(row.textContent).toContain('4');
  });

  it('says when there are no things', async () => {
    renderApp('/things/', { handle: fakeIot().handle });
    expect(await screen.findByText('No things yet')).toBeTruthy();
  });

  it('shows a thing with its variables and binds another device', async () => {
    const iot = greenhouse();
    renderApp('/things/t1/', { handle: iot.handle });
    expect(await screen.findByRole('heading', { name: 'Greenhouse' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Thing | Tinkercloud'));
    await waitFor(() => expect(shownValue('temperature')).toBe('21.5'));
    expect(screen.getByText('Europe/Rome')).toBeTruthy();
    const picker = screen.getByLabelText('Bound device') as HTMLSelectElement;
    await waitFor(() => expect(picker.options).toHaveLength(3));
    expect(picker.value).toBe('d1');
    fireEvent.change(picker, { target: { value: 'd2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByRole('definition')[0]?.textContent).toBe('spare'));
    expect(iot.calls).toContainEqual({
      method: 'POST',
      url: '/iot/v2/things/t1',
      body: { device_id: 'd2' },
      organization: 'my-cloud',
    });
  });

  it('answers Not Found for a thing that does not load', async () => {
    renderApp('/things/nope/', { handle: greenhouse().handle });
    expect(await screen.findByText('Not Found')).toBeTruthy();
  });

  it('lists the firmware updates of the device, newest first, from the OTA host', async () => {
    const iot = greenhouse();
    renderApp('/devices/d1/fwupdate/', { handle: iot.handle });
    const table = await screen.findByRole('table', { name: 'Firmware updates' });
    const rows = within(table).getAllByTestId('ota-row');
    expect(rows.map((r) => r.dataset.status)).toEqual(['failed', 'succeeded']);
    expect(rows[0]?.textContent).toContain('Failed');
    expect(rows[0]?.textContent).toContain('error -3');
    expect(rows[1]?.textContent).toContain('1.5 KB');
    const call = iot.calls.find((c) => c.url.includes('/v1/ota?'));
    expect(call?.url).toBe('/v1/ota?device_id=d1&limit=500&order=desc');
    renderApp('/devices/d2/fwupdate/', { handle: iot.handle });
    expect(await screen.findByText('No firmware updates yet')).toBeTruthy();
  });

  it('keeps its status history as last read when reading it again fails', async () => {
    const iot = greenhouse();
    let down = false;
    const handle = (url: string, options: RequestOptions) => {
      if (down && (url.includes('/status?') || url.includes('/v1/ota?')))
        throw new ApiError(
          toErrorBody({ code: 'unexpected_error', detail: 'Network Error: down', status: 503 }),
        );
      return iot.handle(url, options);
    };
    const { queryClient } = renderApp('/devices/d1/', { handle });
    const history = await screen.findByRole('region', { name: 'Status history' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2));
    down = true;
    await queryClient.refetchQueries();
    await waitFor(() =>
      expect(within(history).getByRole('status').textContent).toBe('Shown as last read: Network Error: down'),
    );
    expect(within(history).getAllByRole('listitem')).toHaveLength(2);
    down = false;
    await queryClient.refetchQueries();
    await waitFor(() => expect(within(history).queryByRole('status')).toBeNull());
  });
});

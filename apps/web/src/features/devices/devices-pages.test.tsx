import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, space } from '@/test/app-harness.tsx';
import type { Device } from '../iot/api/schemas.ts';
import { fakeIot } from '../iot/testing/fake-iot.ts';
import { manualLive } from '../iot/testing/manual-live.ts';

const thermo: Device = {
  id: 'd1',
  name: 'greenhouse-1',
  type: 'login_and_secretkey_wifi',
  label: 'ESP32 Dev Module',
  fqbn: 'esp32:esp32:esp32',
  device_status: 'ONLINE',
  last_activity_at: '2026-03-01T12:00:00.000Z',
  thing: { id: 't1', name: 'Greenhouse' },
};
const spare: Device = { id: 'd2', name: 'spare', type: 'login_and_secretkey_wifi', device_status: 'OFFLINE' };

const rows = () => screen.getAllByTestId('device-row');

describe('Devices page', () => {
  it('lists the devices with type, status, thing and last activity', async () => {
    const iot = fakeIot({ devices: [thermo, spare] });
    renderApp('/devices/', { handle: iot.handle });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows() as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'greenhouse-1' }).getAttribute('href')).toBe(
      '/devices/d1/',
    );
    expect(first.textContent).toContain('ESP32 Dev Module');
    expect(first.textContent).toContain('esp32:esp32:esp32');
    expect(first.querySelector('.device-status')?.getAttribute('data-status')).toBe('ONLINE');
    expect(within(first).getByRole('link', { name: 'Greenhouse' }).getAttribute('href')).toBe('/things/t1/');
    expect(first.textContent).not.toContain('Never');
    expect(second.textContent).toContain('OFFLINE');
    expect(second.textContent).toContain('None');
    expect(second.textContent).toContain('Never');
    await waitFor(() => expect(document.title).toBe('Devices | Tinkercloud'));
  });

  it('says when there are no devices', async () => {
    renderApp('/devices/', { handle: fakeIot().handle });
    expect(await screen.findByText('No devices yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add device' })).toBeTruthy();
  });

  it('shows a load failure with its detail and tries again on request', async () => {
    const iot = fakeIot({ devices: [thermo], failList: true });
    renderApp('/devices/', { handle: iot.handle });
    expect(await screen.findByText('Devices could not be loaded')).toBeTruthy();
    expect(screen.getByText('The database is not answering.')).toBeTruthy();
    iot.state.failList = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('shows a spinner while the list loads', async () => {
    let release: (devices: Device[]) => void = () => undefined;
    // The groups API places the device; only the devices list itself is held back.
    const iot = fakeIot({ devices: [spare] });
    renderApp('/devices/', {
      handle: (url, options) =>
        url === '/iot/v2/devices'
          ? new Promise<Device[]>((resolve) => (release = resolve))
          : iot.handle(url, options),
    });
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    act(() => release([spare]));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it("names the server's broker in the simulator command when the config carries it", async () => {
    const iot = fakeIot();
    renderApp('/devices/', {
      handle: iot.handle,
      config: { mqtt: { url: 'mqtt://127.0.0.1:1885', tlsUrl: null, wsUrl: null } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add device' }));
    const form = screen.getByRole('dialog', { name: 'Add device' });
    fireEvent.change(within(form).getByLabelText('Device name'), { target: { value: 'my-sensor' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create device' }));
    const created = await screen.findByRole('dialog', { name: 'Device created' });
    expect((within(created).getByLabelText('Simulator command') as HTMLInputElement).value).toMatch(
      / --url mqtt:\/\/127\.0\.0\.1:1885$/,
    );
  });

  it('creates a generic device and shows its id, secret key and simulator command once', async () => {
    const iot = fakeIot();
    renderApp('/devices/', { handle: iot.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Add device' }));
    const form = screen.getByRole('dialog', { name: 'Add device' });
    fireEvent.change(within(form).getByLabelText('Device name'), { target: { value: 'my sensor' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create device' }));
    expect(within(form).getByRole('alert').textContent).toContain('no spaces');
    expect(iot.calls).toHaveLength(1); // only the list

    fireEvent.change(within(form).getByLabelText('Device name'), { target: { value: 'my-sensor' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create device' }));
    const created = await screen.findByRole('dialog', { name: 'Device created' });
    const id = '00000000-0000-4000-8000-000000000001';
    const key = iot.state.suggestedKey;
    expect((within(created).getByLabelText('Device ID') as HTMLInputElement).value).toBe(id);
    expect((within(created).getByLabelText('Secret key') as HTMLInputElement).value).toBe(key);
    expect((within(created).getByLabelText('Simulator command') as HTMLInputElement).value).toBe(
      `npm run device -- --device-id ${id} --secret-key ${key}`,
    );
    expect(within(created).getAllByRole('button', { name: /^Copy/ })).toHaveLength(3);
    expect(iot.calls.filter((c) => c.method !== 'GET' || c.url.includes('/pass'))).toEqual([
      {
        method: 'PUT',
        url: '/iot/v2/devices',
        body: { name: 'my-sensor', type: 'login_and_secretkey_wifi' },
        organization: 'my-cloud',
      },
      {
        method: 'GET',
        url: `/iot/v2/devices/${id}/pass?suggested_password=true`,
        body: undefined,
        organization: 'my-cloud',
      },
      { method: 'PUT', url: `/iot/v2/devices/${id}/pass`, body: { password: key }, organization: 'my-cloud' },
    ]);

    fireEvent.click(within(created).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(document.body.innerHTML).not.toContain(key);
  });

  it('removes the device again when its key cannot be set, and says why', async () => {
    const iot = fakeIot({ failSettingKey: true });
    renderApp('/devices/', { handle: iot.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Add device' }));
    const form = screen.getByRole('dialog', { name: 'Add device' });
    fireEvent.change(within(form).getByLabelText('Device name'), { target: { value: 'half-made' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create device' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe('The key could not be stored.'),
    );
    expect(iot.calls.at(-1)).toMatchObject({
      method: 'DELETE',
      url: '/iot/v2/devices/00000000-0000-4000-8000-000000000001?force=true',
    });
    expect(iot.state.devices).toEqual([]);
  });

  it('sends a deleted device to the trash at once and brings it back with Undo', async () => {
    const iot = fakeIot({ devices: [thermo, spare] });
    renderApp('/devices/', { handle: iot.handle });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Delete spare' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(iot.calls).toContainEqual({
      method: 'DELETE',
      url: '/iot/v2/devices/d2',
      body: undefined,
      organization: 'my-cloud',
    });
    expect(await screen.findByText('spare was moved to the trash')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(iot.groups.calls).toContainEqual({
      method: 'POST',
      url: '/groups/v1/trash/restore',
      body: { items: [{ kind: 'DEVICE', id: 'd2' }] },
      organization: 'my-cloud',
    });
  });

  it('reads and writes in the selected team space and offers delete only to roles that may', async () => {
    const iot = fakeIot({ devices: [spare] });
    renderApp('/devices/', {
      organizations: [
        space({ id: 'edu1', name: 'Hilltop School', space: 'edu', roles: ['role:edu-student'] }),
      ],
      selectedId: 'edu1',
      handle: iot.handle,
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(iot.calls.every((c) => c.organization === 'edu1')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Delete spare' })).toBeNull();
    // Students may add devices (iot.write), not delete them (iot.delete).
    expect(screen.getByRole('button', { name: 'Add device' })).toBeTruthy();
  });

  it('turns a device ONLINE when the live stream says so', async () => {
    const iot = fakeIot({ devices: [{ ...spare }] });
    const live = manualLive();
    renderApp('/devices/', { handle: iot.handle, live: live.source });
    await waitFor(() => expect(rows()[0]?.textContent).toContain('OFFLINE'));
    expect(live.spaces).toEqual(['my-cloud']);
    live.emit({
      type: 'devices.status',
      data: { device_id: 'd2', status: 'ONLINE', at: '2026-03-01T12:00:00.000Z' },
    });
    await waitFor(() => expect(rows()[0]?.textContent).toContain('ONLINE'));
    expect(iot.calls).toHaveLength(1);
  });
});

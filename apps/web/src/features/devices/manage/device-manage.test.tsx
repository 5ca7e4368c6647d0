import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestOptions } from '@/lib/api.ts';
import { renderApp } from '@/test/app-harness.tsx';
import type { Device } from '../../iot/api/schemas.ts';
import { fakeIot } from '../../iot/testing/fake-iot.ts';

const NEW_KEY = 'N3wKeyShownOnce23456789ABCDEFGHJ';

/** The fake IoT API with a device that has a key, and the writes of this page: rename and set the key. */
function keyedDevice() {
  const device: Device = { id: 'd1', name: 'greenhouse-1', type: 'login_and_secretkey_wifi' };
  const iot = fakeIot({ devices: [device], suggestedKey: NEW_KEY });
  const keys: string[] = [];
  const handle = async (url: string, options: RequestOptions = {}) => {
    const method = options.method ?? 'GET';
    if (url === '/iot/v2/devices/d1' && method === 'POST') {
      device.name = (options.body as { name: string }).name;
      return device;
    }
    if (url === '/iot/v2/devices/d1/pass' && method === 'GET') return { set: true };
    if (url === '/iot/v2/devices/d1/pass?suggested_password=true')
      return { set: true, suggested_password: NEW_KEY };
    if (url === '/iot/v2/devices/d1/pass' && method === 'PUT') {
      keys.push((options.body as { password: string }).password);
      return { set: true };
    }
    return iot.handle(url, options);
  };
  return { device, keys, handle };
}

const dialog = (name: string) => screen.getByRole('dialog', { name });

describe('Device page: rename and a new secret key', () => {
  it('renames the device by the name rule; Escape and Cancel change nothing', async () => {
    const fake = keyedDevice();
    renderApp('/devices/d1/', { handle: fake.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename device' }));
    const field = within(dialog('Rename device')).getByLabelText('Device name') as HTMLInputElement;
    expect(field.value).toBe('greenhouse-1');
    fireEvent.change(field, { target: { value: 'other' } });
    fireEvent.keyDown(dialog('Rename device'), { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Rename device' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Rename device' }));
    fireEvent.click(within(dialog('Rename device')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Rename device' })).toBeNull();
    expect(fake.device.name).toBe('greenhouse-1');

    fireEvent.click(screen.getByRole('button', { name: 'Rename device' }));
    const rename = dialog('Rename device');
    fireEvent.change(within(rename).getByLabelText('Device name'), { target: { value: 'green house' } });
    fireEvent.click(within(rename).getByRole('button', { name: 'Rename' }));
    expect(within(rename).getByRole('alert').textContent).toContain('no spaces');
    fireEvent.change(within(rename).getByLabelText('Device name'), { target: { value: 'greenhouse-2' } });
    fireEvent.click(within(rename).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename device' })).toBeNull());
    expect(fake.device.name).toBe('greenhouse-2');
    expect(await screen.findByRole('heading', { name: 'greenhouse-2' })).toBeTruthy();
  });

  it('asks before a new key, sets the one the server proposes and shows it once', async () => {
    const fake = keyedDevice();
    renderApp('/devices/d1/', { handle: fake.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate secret key' }));
    expect(dialog('Regenerate secret key').textContent).toContain('flashed with the new key');
    fireEvent.click(within(dialog('Regenerate secret key')).getByRole('button', { name: 'Cancel' }));
    expect(fake.keys).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Regenerate secret key' }));
    fireEvent.click(within(dialog('Regenerate secret key')).getByRole('button', { name: 'Regenerate key' }));
    const shown = await screen.findByRole('dialog', { name: 'New secret key' });
    expect((within(shown).getByTestId('regenerated-secret') as HTMLInputElement).value).toBe(NEW_KEY);
    expect(fake.keys).toEqual([NEW_KEY]);
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog', { name: 'New secret key' })).toBeNull();
    expect(document.body.innerHTML).not.toContain(NEW_KEY);
  });

  it('offers no new key to a device that signs in by certificate', async () => {
    const iot = fakeIot({ devices: [{ id: 'd1', name: 'mkr-1', type: 'mkrwifi1010' }] });
    renderApp('/devices/d1/', { handle: iot.handle });
    expect(await screen.findByRole('button', { name: 'Rename device' })).toBeTruthy();
    // A certificate board's credential is read from its certificates, and there is no key to regenerate.
    await waitFor(() => expect(iot.calls.some((c) => c.url === '/iot/v2/devices/d1/certs')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Regenerate secret key' })).toBeNull();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Ota } from '@/features/devices/api/ota.ts';
import { at, renderApp } from '../../test/app-harness.tsx';
import type { Device } from '../iot/api/schemas.ts';
import { fakeIot } from '../iot/testing/fake-iot.ts';

const BROKER = {
  url: 'mqtt://iot.example.org:1884',
  tlsUrl: 'mqtts://iot.example.org:8884',
  wsUrl: 'wss://iot.example.org/mqtt',
};
const now = () => new Date().toISOString();

const esp: Device = {
  id: 'd1',
  name: 'esp-1',
  type: 'login_and_secretkey_wifi',
  fqbn: 'esp32:esp32:esp32',
  device_status: 'ONLINE',
  lib_version: '2.9.0',
};
/** A catalogue board never set up: no hardware id, no serial, no sketch. */
const bare: Device = { id: 'd2', name: 'mkr', type: 'mkrwifi1010', device_status: 'UNKNOWN', serial: '' };
const provisioned: Device = { ...bare, id: 'd3', name: 'mkr-ok', unique_hardware_id: 'a'.repeat(64) };

const wifi = [
  {
    secret_name: 'SECRET_SSID',
    friendly_name: 'Wi-Fi Name',
    required: true,
    sensitive: false,
    max_length: 32,
  },
  {
    secret_name: 'SECRET_OPTIONAL_PASS',
    friendly_name: 'Password',
    required: false,
    sensitive: true,
    max_length: 63,
  },
];
const CONNECTIONS = {
  wifi,
  wifiandsecret: [
    ...wifi,
    {
      secret_name: 'SECRET_DEVICE_KEY',
      friendly_name: 'Secret Key',
      required: true,
      sensitive: true,
      max_length: 256,
    },
  ],
  eth: [],
  gsm: [],
  nb: [],
  catm1: [],
  cellular: [],
  lora: [],
};

function devicesApi(otas: Ota[] = []) {
  const iot = fakeIot({
    devices: [esp, bare, provisioned],
    statuses: { d1: [{ updated_at: '2026-01-02T10:00:00Z', value: 'CONNECTED' }] },
    otas: { d1: otas },
  });
  const cancelled: string[] = [];
  const uploads: FormData[] = [];
  const handle = (url: string, options: { method?: string; body?: unknown; organization?: string }) => {
    if (url === '/iot/v2/devices/d1/pass') return { set: true };
    if (url === '/iot/v1/network_credentials/login_and_secretkey_wifi/connections') return CONNECTIONS;
    if (url === '/iot/v2/devices/d3/certs') return [{ id: 'c1', enabled: true }];
    if (url === '/iot/v2/devices/d1/ota' && options.method === 'POST') {
      uploads.push(options.body as FormData);
      const file = (options.body as FormData).get('ota_file') as File;
      otas.unshift({ id: 'o9', status: 'pending', started_at: now(), firmware_size: file.size });
      return { ota_version: 2, ota_id: 'o9', status: 'pending' };
    }
    const cancel = /^\/v1\/ota\/([^/]+)\/cancel$/.exec(url);
    if (cancel && options.method === 'PUT') {
      cancelled.push(cancel[1] as string);
      const o = otas.find((x) => x.id === cancel[1]);
      if (o) Object.assign(o, { status: 'cancelled', ended_at: now() });
      return { ota: o };
    }
    const one = /^\/v1\/ota\/([^/?]+)$/.exec(url);
    if (one) {
      const o = otas.find((x) => x.id === one[1]);
      return {
        ota: o,
        states: [
          { state: 'pending', timestamp: now() },
          { state: 'fetch', state_data: '512', timestamp: now() },
        ],
      };
    }
    return iot.handle(url, options as never);
  };
  return { iot, handle, cancelled, uploads, otas };
}

describe('the Network tab', () => {
  it('shows the broker, the device id, its key and its last connection', async () => {
    const { handle } = devicesApi();
    renderApp('/devices/d1/networkconfig/', { handle, config: { mqtt: BROKER } });
    const facts = await screen.findByTestId('broker-facts');
    expect(facts.textContent).toContain('iot.example.org');
    expect(facts.textContent).toContain('1884');
    expect(facts.textContent).toContain('8884');
    expect(facts.textContent).toContain('wss://iot.example.org/mqtt');
    expect((screen.getByTestId('network-device-id') as HTMLInputElement).value).toBe('d1');
    expect((await screen.findByTestId('credential')).textContent).toBe('A secret key (set)');
    expect(screen.getByText('Connected').nextElementSibling?.textContent).not.toBe('Never');
  });

  it('shows the certificate of a catalogue board that has a hardware id', async () => {
    const { handle } = devicesApi();
    renderApp('/devices/d3/networkconfig/', { handle, config: { mqtt: BROKER } });
    await waitFor(() =>
      expect(screen.getByTestId('credential').textContent).toBe('A certificate (1 active)'),
    );
  });

  it('sends a device without a sketch and a hardware id to the device page (spec 8)', async () => {
    const { handle } = devicesApi();
    const { router } = renderApp('/devices/d2/networkconfig/', { handle, config: { mqtt: BROKER } });
    await waitFor(() => expect(at(router)).toBe('/devices/d2/'));
  });

  it("writes the sketch's arduino_secrets.h from the connection's settings, asking for the required ones", async () => {
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:secrets';
    };
    URL.revokeObjectURL = () => undefined;
    const { handle } = devicesApi();
    renderApp('/devices/d1/networkconfig/', { handle, config: { mqtt: BROKER } });
    const card = await screen.findByTestId('network-secrets');
    const connection = (await screen.findByLabelText('Connection')) as HTMLSelectElement;
    expect([...connection.options].map((o) => o.textContent)).toEqual(['Wi-Fi', 'Wi-Fi with a secret key']);
    fireEvent.change(connection, { target: { value: 'wifiandsecret' } });
    expect((screen.getByLabelText('Password (optional)') as HTMLInputElement).type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Save arduino_secrets.h' }));
    expect(await screen.findByText('Wi-Fi Name is required.')).toBeTruthy();
    expect(screen.getByText('Secret Key is required.')).toBeTruthy();
    expect(saved).toEqual([]);

    fireEvent.change(screen.getByLabelText('Wi-Fi Name'), { target: { value: 'Home "5G"' } });
    fireEvent.change(screen.getByLabelText('Secret Key'), { target: { value: 'K3y' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save arduino_secrets.h' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const text = await (saved[0] as Blob).text();
    expect(text).toContain('#define SECRET_SSID "Home \\"5G\\""');
    expect(text).toContain('#define SECRET_OPTIONAL_PASS ""');
    expect(text).toContain('#define SECRET_DEVICE_KEY "K3y"');
    expect(text).toContain('#define SECRET_DEVICE_LOGIN_NAME "d1"');
    expect(text).toContain('#define SECRET_BROKER_ADDRESS "iot.example.org"');
    expect(text).toContain('#define SECRET_BROKER_PORT 8884');
    expect(card.textContent).toContain('the server never sees them');
  });

  it('says so when the server does not know its broker', async () => {
    const { handle } = devicesApi();
    renderApp('/devices/d1/networkconfig/', { handle });
    expect(await screen.findByText(/external broker whose public address it does not know/)).toBeTruthy();
  });
});

describe('the Firmware tab', () => {
  it('uploads a binary, follows the update and cancels it', async () => {
    const { handle, uploads, cancelled } = devicesApi();
    renderApp('/devices/d1/fwupdate/', { handle });
    expect(await screen.findByText('No firmware updates yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload and update' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a firmware file.');
    const file = new File([new Uint8Array([1, 2, 3, 4])], 'blink.bin', { type: 'application/octet-stream' });
    fireEvent.change(screen.getByLabelText('Firmware file'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload and update' }));
    const status = await screen.findByTestId('current-ota-status');
    expect(status.dataset.status).toBe('pending');
    expect((uploads[0]?.get('ota_file') as File | undefined)?.name).toBe('blink.bin');
    expect((await screen.findByRole('list', { name: 'Update steps' })).textContent).toContain('Fetch (512)');
    // One update at a time.
    expect(screen.getByRole('button', { name: 'Upload and update' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel update' }));
    await waitFor(() => expect(screen.queryByTestId('current-ota')).toBeNull());
    expect(cancelled).toEqual(['o9']);
    expect((await screen.findByTestId('ota-row')).dataset.status).toBe('cancelled');
  });

  it('shows why the server refused the file', async () => {
    const { handle } = devicesApi();
    const refusing = (url: string, options: { method?: string }) => {
      if (url === '/iot/v2/devices/d1/ota' && options.method === 'POST') {
        throw new Error('Over-the-air updates need a plan that includes them.');
      }
      return handle(url, options);
    };
    renderApp('/devices/d1/fwupdate/', { handle: refusing });
    const file = new File([new Uint8Array([1])], 'a.bin');
    fireEvent.change(await screen.findByLabelText('Firmware file'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload and update' }));
    expect((await screen.findByRole('alert')).textContent).toContain('need a plan');
  });
});

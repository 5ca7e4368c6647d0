import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SIMULATED_UHWID } from '@tinkercloud/device-protocol/board-config';
import type { Onboarding } from '@tinkercloud/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { at, renderApp } from '../../../test/app-harness.tsx';
import { frame, streamingFetch, until } from '../../../test/streaming-fetch.ts';
import { fakeIot } from '../../iot/testing/fake-iot.ts';
import { PORT_BUSY } from './model/web-transports-dom.ts';
import { simulatedWebSerial } from './testing/simulated-board-ports.ts';

const UHWID = Array.from(SIMULATED_UHWID, (b) => b.toString(16).padStart(2, '0')).join('');

const BROKER = { url: 'mqtt://127.0.0.1:1884', tlsUrl: null, wsUrl: 'ws://127.0.0.1:3000/mqtt' };

const BOARDS = [
  {
    label: 'Arduino MKR WiFi 1010',
    type: 'mkrwifi1010',
    vendor: 'Arduino',
    tags: ['wifi'],
    provisioning: 'v1',
  },
  { label: 'Arduino UNO R4 WiFi', type: 'unor4wifi', vendor: 'Arduino', tags: ['wifi'], provisioning: 'v2' },
  { label: 'Arduino UNO Q', type: 'unoq', vendor: 'Arduino', tags: ['wifi'] },
  {
    label: 'ESP32 Dev Module',
    type: 'login_and_secretkey_wifi',
    vendor: 'Espressif',
    tags: ['wifi', 'secret key'],
  },
];

/** The IoT fake plus the boards and onboarding endpoints (hosts are '' in the test config). */
function provisioningApi() {
  const iot = fakeIot();
  const onboardings: Onboarding[] = [];
  const handle = (url: string, options: { method?: string; body?: unknown }) => {
    if (url === '/v1/boards') return { boards: BOARDS };
    if (url === '/v1/onboarding' && options.method === 'POST') {
      const deviceId = (options.body as { device_id: string }).device_id;
      const device = iot.state.devices.find((d) => d.id === deviceId);
      const made: Onboarding = {
        id: `ob-${onboardings.length + 1}`,
        device_id: deviceId,
        device_name: device?.name ?? '?',
        provisioned_at: null,
        ended_at: null,
        deleted_at: null,
      };
      onboardings.push(made);
      return made;
    }
    const one = /^\/v1\/onboarding\/([^/]+)$/.exec(url);
    if (one) {
      const found = onboardings.find((o) => o.id === one[1]);
      if (!found)
        throw new ApiError({
          code: 'not_found',
          name: 'Not found',
          detail: 'Onboarding not found',
          id: '',
          status: 404,
          url: '',
        });
      return found;
    }
    return iot.handle(url, options);
  };
  return { iot, onboardings, handle };
}

const credentialsOf = async () => ({
  id: ((await screen.findByTestId('new-device-id')) as HTMLInputElement).value,
  secret: (screen.getByTestId('new-device-secret') as HTMLInputElement).value,
  command: (screen.getByTestId('new-device-command') as HTMLInputElement).value,
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('New device: a third-party board (type=3p)', () => {
  it('makes an ESP32 device, shows its id and key once with the simulator command for this broker', async () => {
    const { iot, handle } = provisioningApi();
    renderApp('/devices/new/?type=3p', { handle, config: { mqtt: BROKER } });
    expect(await screen.findByRole('radio', { name: 'ESP32' })).toHaveProperty('checked', true);
    fireEvent.change(screen.getByLabelText('Device name'), { target: { value: 'green house' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create device' }));
    expect((await screen.findByRole('alert')).textContent).toContain('no spaces');

    fireEvent.change(screen.getByLabelText('Device name'), { target: { value: 'esp-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create device' }));
    const shown = await credentialsOf();
    expect(shown.secret).toBe(iot.state.suggestedKey);
    expect(shown.command).toBe(
      `npm run device -- --device-id ${shown.id} --secret-key ${shown.secret} --url mqtt://127.0.0.1:1884`,
    );
    const created = iot.calls.find((c) => c.method === 'PUT' && c.url === '/iot/v2/devices');
    expect(created?.body).toEqual({
      name: 'esp-1',
      type: 'login_and_secretkey_wifi',
      fqbn: 'esp32:esp32:esp32',
    });
    const secrets = screen.getByTestId('arduino-secrets').textContent ?? '';
    expect(secrets).toContain(`#define SECRET_DEVICE_KEY "${shown.secret}"`);
    expect(secrets).toContain(`#define SECRET_DEVICE_LOGIN_NAME "${shown.id}"`);
    expect(screen.getByRole('button', { name: 'Download credentials' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download arduino_secrets.h' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy secret key' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open device' }).getAttribute('href')).toBe(
      `/devices/${shown.id}/`,
    );
  });

  it('makes an ESP8266 with its board and binds the device to the thing the link names', async () => {
    const { iot, handle } = provisioningApi();
    iot.state.things.push({ id: 't1', name: 'Greenhouse' });
    renderApp('/devices/new/?type=3p&thingId=t1', { handle, config: { mqtt: BROKER } });
    fireEvent.click(await screen.findByRole('radio', { name: 'ESP8266' }));
    fireEvent.change(screen.getByLabelText('Device name'), { target: { value: 'esp-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create device' }));
    const shown = await credentialsOf();
    expect(iot.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      fqbn: 'esp8266:esp8266:nodemcuv2',
    });
    expect(iot.calls.find((c) => c.method === 'POST' && c.url === '/iot/v2/things/t1')?.body).toEqual({
      device_id: shown.id,
    });
    expect(screen.getByRole('link', { name: 'Back to the thing' })).toBeTruthy();
  });

  it('leaves --url out when the server does not know its broker, and says so', async () => {
    const { handle } = provisioningApi();
    renderApp('/devices/new/?type=3p', { handle });
    fireEvent.click(await screen.findByRole('radio', { name: 'Generic (any MQTT client)' }));
    fireEvent.change(screen.getByLabelText('Device name'), { target: { value: 'client-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create device' }));
    const shown = await credentialsOf();
    expect(shown.command).not.toContain('--url');
    expect(screen.getByText(/does not know its broker's public address/)).toBeTruthy();
    // A generic client runs no Arduino sketch: no arduino_secrets.h.
    expect(screen.queryByRole('button', { name: 'Download arduino_secrets.h' })).toBeNull();
  });
});

describe('New device: any and none', () => {
  it('any lists every kind of device as links that keep thingId', async () => {
    const { handle } = provisioningApi();
    const { router } = renderApp('/devices/new/?type=any&thingId=t9', { handle });
    const kinds = await screen.findByRole('navigation', { name: 'Kinds of device' });
    const links = within(kinds).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/devices/new/?type=tinkercloud&connection=serial&thingId=t9',
      '/devices/new/?type=tinkercloud&connection=ble&thingId=t9',
      '/devices/new/?type=3p&thingId=t9',
      '/devices/new/?type=unoq&thingId=t9',
      '/devices/new/?type=none&thingId=t9',
    ]);
    fireEvent.click(within(kinds).getByRole('link', { name: /No board yet/ }));
    await waitFor(() => expect(at(router)).toBe('/devices/new/?type=none&thingId=t9'));
    expect(await screen.findByRole('heading', { name: 'A device without a board' })).toBeTruthy();
  });

  it('an invalid type lands on the picker', async () => {
    const { handle } = provisioningApi();
    renderApp('/devices/new/?type=bogus', { handle });
    expect(await screen.findByRole('navigation', { name: 'Kinds of device' })).toBeTruthy();
  });

  it('none makes a manual device for the simulator', async () => {
    const { iot, handle } = provisioningApi();
    renderApp('/devices/new/?type=none', { handle, config: { mqtt: BROKER } });
    fireEvent.change(await screen.findByLabelText('Device name'), { target: { value: 'sim-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create device' }));
    const shown = await credentialsOf();
    expect(shown.command).toContain('--url mqtt://127.0.0.1:1884');
    expect(iot.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'sim-1',
      type: 'generic_device_secretkey',
    });
  });
});

describe('New device: a board of our catalogue (type={product})', () => {
  it('offers the boards with a provisioning protocol, starts an onboarding and announces the device once it connects', async () => {
    const server = streamingFetch();
    vi.stubGlobal('fetch', server.fetch);
    const { onboardings, handle } = provisioningApi();
    const { router } = renderApp('/devices/new/?type=tinkercloud&connection=serial', { handle });
    const select = (await screen.findByLabelText('Board')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Arduino MKR WiFi 1010',
      'Arduino UNO R4 WiFi',
    ]);
    fireEvent.change(select, { target: { value: 'unor4wifi' } });
    expect(screen.getByTestId('transport').textContent).toContain('no Web Serial (USB)');
    expect(screen.getByTestId('transport').textContent).toContain('Provisioning protocol v2');
    fireEvent.change(screen.getByLabelText('Device name'), { target: { value: 'r4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set up device' }));
    await waitFor(() => expect(at(router)).toBe('/devices/new/?type=tinkercloud&connection=serial&id=ob-1'));
    expect(await screen.findByText('Waiting for the board to connect…')).toBeTruthy();

    await until(() => server.calls.length === 1, 'the onboarding stream');
    const call = server.calls[0];
    expect(call?.url).toBe('/v1/onboarding/sse');
    const ob = onboardings[0] as Onboarding;
    call?.push(frame('onboardings', { onboardings: [ob] }));
    call?.push(frame('onboardings', { onboardings: [{ ...ob, provisioned_at: new Date().toISOString() }] }));
    expect(await screen.findAllByText('r4 is now available 🎉')).not.toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('onboarding').dataset.state).toBe('provisioned'));
  });

  it('an unknown onboarding id says Onboarding ID not found, then Not Found', async () => {
    vi.stubGlobal('fetch', streamingFetch().fetch);
    const { handle } = provisioningApi();
    renderApp('/devices/new/?type=tinkercloud&connection=ble&id=nope', { handle });
    expect(await screen.findByText('Onboarding ID not found')).toBeTruthy();
    expect(await screen.findByText('Not Found')).toBeTruthy();
  });

  it('flags: Web Serial forced for a Bluetooth link, every board offered, a forced protocol version', async () => {
    localStorage.setItem('provisioning-force-webserial', 'true');
    localStorage.setItem('provisioning-ignore-known-board-filter', 'true');
    localStorage.setItem('provisioning-force-version', '1');
    const { handle } = provisioningApi();
    renderApp('/devices/new/?type=tinkercloud&connection=ble', { handle });
    const select = (await screen.findByLabelText('Board')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Arduino MKR WiFi 1010',
      'Arduino UNO R4 WiFi',
      'Arduino UNO Q',
    ]);
    const transport = screen.getByTestId('transport').textContent ?? '';
    expect(transport).toContain('Web Serial (USB)');
    expect(transport).toContain('forced by a feature flag');
    expect(transport).toContain('Provisioning protocol v1 (forced by a feature flag)');
  });

  it('uses Web Serial where the browser has it, with the known-board filter', async () => {
    const requestPort = vi.fn(async () => ({ getInfo: () => ({ usbVendorId: 0x2341, usbProductId: 0x54 }) }));
    Object.defineProperty(navigator, 'serial', { value: { requestPort }, configurable: true });
    try {
      const { handle } = provisioningApi();
      renderApp('/devices/new/?type=tinkercloud&connection=serial', { handle });
      // A board of provisioning version 2: the one the browser speaks.
      fireEvent.change(await screen.findByLabelText('Board'), { target: { value: 'unor4wifi' } });
      fireEvent.click(await screen.findByRole('button', { name: 'Choose the board' }));
      expect((await screen.findByTestId('picked-board')).textContent).toBe('USB 2341:0054');
      expect(requestPort).toHaveBeenCalledWith({
        filters: [{ usbVendorId: 0x2341 }, { usbVendorId: 0x2a03 }, { usbVendorId: 0x303a }],
      });
    } finally {
      Reflect.deleteProperty(navigator, 'serial');
    }
  });

  it('a board of provisioning version 1 is left to arduino-cloud-cli, the page still waits for it', async () => {
    Object.defineProperty(navigator, 'serial', { value: { requestPort: vi.fn() }, configurable: true });
    try {
      const { handle } = provisioningApi();
      const { view } = renderApp('/devices/new/?type=tinkercloud&connection=serial', { handle });
      expect((await screen.findByLabelText('Board')) as HTMLSelectElement).toHaveProperty(
        'value',
        'mkrwifi1010',
      );
      const transport = screen.getByTestId('transport');
      expect(transport.textContent).toContain('does not speak provisioning version 1');
      expect(transport.textContent).toContain('arduino-cloud-cli device create');
      expect(screen.queryByRole('button', { name: 'Choose the board' })).toBeNull();
      view.unmount();

      // Forcing version 2 lets the browser speak to it.
      localStorage.setItem('provisioning-force-version', '2');
      renderApp('/devices/new/?type=tinkercloud&connection=serial', { handle });
      expect(await screen.findByRole('button', { name: 'Choose the board' })).toBeTruthy();
      expect(screen.getByTestId('transport').textContent).toContain(
        'Provisioning protocol v2 (forced by a feature flag)',
      );
    } finally {
      Reflect.deleteProperty(navigator, 'serial');
    }
  });

  it('over Web Serial: reads the board, offers its networks, a wrong password fails in words and a retry sets it up', async () => {
    vi.stubGlobal('fetch', streamingFetch().fetch);
    const web = simulatedWebSerial();
    Object.defineProperty(navigator, 'serial', { value: web.serial, configurable: true });
    try {
      const { iot, handle } = provisioningApi();
      const { router } = renderApp('/devices/new/?type=tinkercloud&connection=serial', { handle });
      fireEvent.change(await screen.findByLabelText('Board'), { target: { value: 'unor4wifi' } });
      fireEvent.click(screen.getByRole('button', { name: 'Choose the board' }));
      expect((await screen.findByTestId('board-uhwid', {}, { timeout: 5000 })).textContent).toBe(UHWID);
      expect(web.opened).toEqual([{ baudRate: 115200 }]);
      const network = (await screen.findByLabelText('Network')) as HTMLSelectElement;
      expect(screen.getByTestId('board-firmware').textContent).toBe('0.5.2');
      expect([...network.options].map((o) => o.textContent)).toEqual([
        'Workshop (-48 dBm)',
        'Greenhouse 2.4G (-67 dBm)',
        'Guest (-80 dBm)',
        'Another network…',
      ]);
      fireEvent.change(screen.getByLabelText('Device name'), { target: { value: 'r4-serial' } });
      fireEvent.change(screen.getByLabelText('Wi-Fi password'), { target: { value: 'not-it' } });
      fireEvent.click(screen.getByRole('button', { name: 'Set up device' }));
      expect((await screen.findByTestId('board-error', {}, { timeout: 5000 })).textContent).toBe(
        'The board failed to connect to the network: check the network name and password.',
      );
      const reported = screen.getByRole('list', { name: 'What the board reported' });
      expect([...reported.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
        'The board is connecting to the network…',
        'The board failed to connect to the network: check the network name and password.',
      ]);
      expect(screen.getByTestId('device-made').textContent).toContain('r4-serial');

      fireEvent.change(screen.getByLabelText('Wi-Fi password'), { target: { value: 'solder-and-coffee' } });
      fireEvent.click(screen.getByRole('button', { name: 'Set up device' }));
      await waitFor(
        () => expect(at(router)).toBe('/devices/new/?type=tinkercloud&connection=serial&id=ob-1'),
        {
          timeout: 5000,
        },
      );
      expect(await screen.findByText('Waiting for the board to connect…')).toBeTruthy();
      const board = web.pipes[0]?.board;
      expect(board?.joined).toBe('Workshop');
      expect(board?.connected).toBe(false);
      // One device, made once, carrying the board's id and firmware.
      const puts = iot.calls.filter((c) => c.method === 'PUT' && c.url === '/iot/v2/devices');
      expect(puts.map((c) => c.body)).toEqual([
        { name: 'r4-serial', type: 'unor4wifi', unique_hardware_id: UHWID, wifi_fw_version: '0.5.2' },
      ]);
    } finally {
      Reflect.deleteProperty(navigator, 'serial');
    }
  });

  it('a busy port is said clearly, and closing the picker is no error', async () => {
    const web = simulatedWebSerial({
      openError: new DOMException('Failed to open serial port.', 'NetworkError'),
    });
    Object.defineProperty(navigator, 'serial', { value: web.serial, configurable: true });
    try {
      const { handle } = provisioningApi();
      renderApp('/devices/new/?type=tinkercloud&connection=serial', { handle });
      fireEvent.change(await screen.findByLabelText('Board'), { target: { value: 'unor4wifi' } });
      fireEvent.click(screen.getByRole('button', { name: 'Choose the board' }));
      expect((await screen.findByTestId('board-error')).textContent).toBe(PORT_BUSY);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();

      Object.defineProperty(navigator, 'serial', {
        value: {
          requestPort: async () => {
            throw new DOMException('No port selected by the user.', 'NotFoundError');
          },
        },
        configurable: true,
      });
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('button', { name: 'Choose the board' })).toBeTruthy();
      expect(screen.queryByTestId('board-error')).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'serial');
    }
  });

  it('the UNO Q link sets up that board and waits for it', async () => {
    vi.stubGlobal('fetch', streamingFetch().fetch);
    const { iot, handle } = provisioningApi();
    renderApp('/devices/new/?type=unoq', { handle });
    expect(await screen.findByRole('heading', { name: 'Arduino UNO Q' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Device name'), { target: { value: 'q1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set up device' }));
    expect(await screen.findByText('Waiting for the board to connect…')).toBeTruthy();
    expect(iot.calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'q1', type: 'unoq' });
  });
});

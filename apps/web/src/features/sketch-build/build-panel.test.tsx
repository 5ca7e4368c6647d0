import { readFileSync } from 'node:fs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CompileJob } from '@tinkercloud/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestOptions } from '@/lib/api.ts';
import { renderApp } from '@/test/app-harness.tsx';
import { fakeIot } from '../iot/testing/fake-iot.ts';
import { FakeSerialPort } from './usb/testing/fake-serial-port.ts';

const id = '5c000000-0000-4000-8000-0000000000c1';
const content = { [id]: { files: { 'Hello.ino': 'void setup() {}\nvoid loop() {}\n', 'led.h': '' } } };
// A real program (sim/fixtures/README.md): prints "hello" and blinks.
// (`import.meta.url` read into a constant first: written inline, the transform makes it an http URL.)
const testFileUrl = import.meta.url;
const HEX = readFileSync(new URL('./sim/fixtures/Hello.ino.hex', testFileUrl), 'utf8');

const job = (over: Partial<CompileJob>): CompileJob => ({
  id: 'job-1',
  sketch_id: id,
  fqbn: 'arduino:avr:uno',
  status: 'queued',
  queue_position: 1,
  created_at: '2026-12-03T10:00:00Z',
  output: '',
  diagnostics: [],
  ...over,
});

/**
 * The compile API as the server answers it: the first job fails with an error in led.h, the next succeeds
 * with the fixture's program. Each job is read once as running before it ends.
 */
function fakeCompiler(available = true) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  let made = 0;
  const reads = new Map<string, number>();
  const finished = (n: number): CompileJob =>
    n === 1
      ? job({
          id: 'job-1',
          status: 'failed',
          output: "led.h:1:1: error: 'x' does not name a type",
          diagnostics: [
            { file: 'led.h', line: 1, column: 1, severity: 'error', message: "'x' does not name a type" },
          ],
        })
      : job({
          id: `job-${n}`,
          status: 'succeeded',
          output: 'Sketch uses 2000 bytes',
          size: { flash_bytes: 2000, flash_max: 32256, ram_bytes: 200, ram_max: 2048 },
          artefact: { name: 'Hello.ino.hex', bytes: HEX.length, format: 'hex' },
        });
  const handle = (url: string, options: RequestOptions) => {
    const method = options.method ?? 'GET';
    // The files host is `hosts.create`: '' in the harness, `/create` on our server.
    url = url.replace(/^\/create(?=\/v2\/)/, '').replace(/^\/v2\//, '/create/v2/');
    if (!/^\/create\/v2\/comp|\/compile|\/ota/.test(url)) return undefined;
    calls.push({ method, url, body: options.body });
    if (url === '/create/v2/compile/boards') {
      return available
        ? {
            available: true,
            boards: [
              { fqbn: 'arduino:avr:uno', name: 'Arduino Uno', architecture: 'avr', simulated: true },
              {
                fqbn: 'arduino:avr:mega:cpu=atmega2560',
                name: 'Arduino Mega',
                architecture: 'avr',
                simulated: false,
              },
            ],
          }
        : {
            available: false,
            hint: 'Install arduino-builder and arduino-core-avr, then restart.',
            boards: [],
          };
    }
    if (url === `/create/v2/sketches/byID/${id}/compile` && method === 'POST') {
      made += 1;
      return job({ id: `job-${made}` });
    }
    if (url === '/iot/v2/devices/d9/ota' && method === 'POST') return { ota_version: 1, ota_id: 'o1' };
    if (url === '/v1/ota/o1') {
      return {
        ota: { id: 'o1', status: 'in_progress', started_at: '2026-12-03T10:00:00Z' },
        states: [{ state: 'downloading', timestamp: '2026-12-03T10:00:01Z' }],
      };
    }
    const artefact = /^\/create\/v2\/compilations\/(job-\d+)\/artefact$/.exec(url);
    if (artefact) return HEX;
    const read = /^\/create\/v2\/compilations\/job-(\d+)$/.exec(url);
    if (read) {
      const n = Number(read[1]);
      const seen = (reads.get(`${n}`) ?? 0) + 1;
      reads.set(`${n}`, seen);
      return seen === 1 ? job({ id: `job-${n}`, status: 'running', queue_position: undefined }) : finished(n);
    }
    return undefined;
  };
  return { calls, handle };
}

async function open(available = true, bound = false) {
  const sketchContent = structuredClone(content) as Record<
    string,
    { files: Record<string, string>; thing_id?: string }
  >;
  if (bound && sketchContent[id]) sketchContent[id].thing_id = 't1';
  const iot = fakeIot({
    sketches: [{ id, name: 'Hello' }],
    sketchContent,
    things: bound ? [{ id: 't1', name: 'Greenhouse', device_id: 'd9' }] : [],
    devices: bound ? [{ id: 'd9', name: 'Porch Uno', type: 'uno', device_status: 'ONLINE', serial: '' }] : [],
  });
  const compiler = fakeCompiler(available);
  renderApp(`/sketches/${id}/`, {
    handle: (url, options) => compiler.handle(url, options) ?? iot.handle(url, options),
  });
  await screen.findByRole('region', { name: 'Build' }, { timeout: 5000 });
  return { iot, compiler };
}

const build = () => screen.getByRole('region', { name: 'Build' });
/** Verify once the boards are read (the button waits for a board). */
async function verify() {
  const button = within(build()).getByRole('button', { name: 'Verify' });
  await waitFor(() => expect(button).toHaveProperty('disabled', false));
  fireEvent.click(button);
}

// CodeMirror measures text through ranges, which jsdom does not lay out.
beforeAll(() => {
  const empty = { length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] };
  Range.prototype.getClientRects ??= () => empty as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

describe('Build panel', () => {
  it('verifies for the chosen board, lists the error with a link to its file, then shows the size of a build', async () => {
    const { compiler } = await open();
    const board = (await within(build()).findByLabelText('Board')) as HTMLSelectElement;
    await waitFor(() => expect(board.value).toBe('arduino:avr:uno'));
    await verify();
    await within(build()).findByText('Compilation failed: 1 error.', {}, { timeout: 5000 });
    expect(compiler.calls.find((c) => c.method === 'POST')?.body).toEqual({ fqbn: 'arduino:avr:uno' });
    const messages = within(build()).getByRole('list', { name: 'Compiler messages' });
    fireEvent.click(within(messages).getByRole('button', { name: 'led.h:1:1' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /led\.h/ }).getAttribute('aria-selected')).toBe('true'),
    );

    await verify();
    await within(build()).findByText('Done compiling.', {}, { timeout: 5000 });
    expect(within(build()).getByTestId('build-size').textContent).toBe(
      'Program storage: 2,000 of 32,256 bytes (6%); dynamic memory: 200 of 2,048 bytes (10%)',
    );
    expect(within(build()).queryByRole('list', { name: 'Compiler messages' })).toBeNull();
  });

  it('runs the built program on the simulated Uno and shows what it prints', async () => {
    await open();
    await verify();
    await within(build()).findByText('Compilation failed: 1 error.', {}, { timeout: 5000 });
    await verify();
    fireEvent.click(
      await within(build()).findByRole('button', { name: 'Run in browser' }, { timeout: 5000 }),
    );
    const sim = await screen.findByRole('region', { name: 'Simulated Arduino Uno' }, { timeout: 5000 });
    await waitFor(() => expect(within(sim).getByTestId('serial-output').textContent).toContain('hello'), {
      timeout: 10_000,
    });
    fireEvent.click(within(sim).getByRole('button', { name: 'Pause' }));
    expect(within(sim).getByTestId('sim-state').textContent).toBe('Paused');
    fireEvent.click(within(sim).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Simulated Arduino Uno' })).toBeNull();
  });

  it("sends the program to the thing's online device over the air and follows the update", async () => {
    const { compiler } = await open(true, true);
    await verify();
    await within(build()).findByText('Compilation failed: 1 error.', {}, { timeout: 5000 });
    await verify();
    const send = await within(build()).findByRole(
      'button',
      { name: 'Upload over the air' },
      { timeout: 5000 },
    );
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    fireEvent.click(send);
    expect(
      await within(build()).findByText(
        'Update of Porch Uno: In progress (last step: Downloading)',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    const upload = compiler.calls.find((c) => c.url === '/iot/v2/devices/d9/ota');
    expect(upload?.body).toBeInstanceOf(FormData);
    const file = (upload?.body as FormData | undefined)?.get('ota_file') as File;
    expect(file.name).toBe('Hello.ino.hex');
    expect(await file.text()).toBe(HEX);
  });

  it('reads a USB board over Web Serial behind the switch: connect, its output, a line sent, disconnect', async () => {
    const port = new FakeSerialPort();
    localStorage.setItem('provisioning-force-webserial', 'true');
    Object.defineProperty(navigator, 'serial', {
      configurable: true,
      value: { requestPort: async () => port },
    });
    try {
      await open();
      const monitor = screen.getByRole('region', { name: 'Serial monitor (USB)' });
      fireEvent.change(within(monitor).getByLabelText('Baud rate'), { target: { value: '115200' } });
      fireEvent.click(within(monitor).getByRole('button', { name: 'Connect a board' }));
      await within(monitor).findByRole('button', { name: 'Disconnect' });
      expect(port.baudRate).toBe(115200);
      act(() => port.emit(new TextEncoder().encode('t=21.5\r\n')));
      await waitFor(() =>
        expect(within(monitor).getByTestId('serial-output').textContent).toContain('t=21.5'),
      );
      fireEvent.change(within(monitor).getByLabelText('Message to the board'), {
        target: { value: 'led on' },
      });
      fireEvent.click(within(monitor).getByRole('button', { name: 'Send' }));
      await waitFor(() => expect(new TextDecoder().decode(new Uint8Array(port.written))).toBe('led on\n'));
      fireEvent.click(within(monitor).getByRole('button', { name: 'Disconnect' }));
      await within(monitor).findByRole('button', { name: 'Connect a board' });
      expect(port.isOpen).toBe(false);
    } finally {
      Reflect.deleteProperty(navigator, 'serial');
    }
  });

  it('says how to add a compiler when the server has none, with Verify disabled', async () => {
    await open(false);
    expect(await within(build()).findByText(/Install arduino-builder and arduino-core-avr/)).toBeTruthy();
    expect(within(build()).getByRole('button', { name: 'Verify' })).toHaveProperty('disabled', true);
  });
});

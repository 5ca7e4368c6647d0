import { describe, expect, it, vi } from 'vitest';
import { BOARD_LOST, PORT_BUSY } from '@/features/devices/new-device/model/web-transports-dom.ts';
import { SerialMonitorPort } from './serial-monitor-port.ts';
import { FakeSerialPort } from './testing/fake-serial-port.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

const textOf = (chunks: string[]) => chunks.join('');

describe('SerialMonitorPort', () => {
  it('passes decoded text on, keeping a character split across reads whole', async () => {
    const port = new FakeSerialPort();
    const chunks: string[] = [];
    const monitor = await SerialMonitorPort.open(port, 9600, { onText: (t) => chunks.push(t) });
    expect(port.baudRate).toBe(9600);
    const bytes = utf8('21.5 °C\n');
    const split = bytes.indexOf(0xb0); // the second byte of "°"
    port.emit(bytes.subarray(0, split));
    port.emit(bytes.subarray(split));
    await vi.waitFor(() => expect(textOf(chunks)).toBe('21.5 °C\n'));
    expect(chunks).not.toContain('\ufffd');
    await monitor.close();
  });

  it('sends text to the board', async () => {
    const received: number[] = [];
    const port = new FakeSerialPort({ onBytes: (b) => received.push(...b) });
    const monitor = await SerialMonitorPort.open(port, 115200, { onText: () => {} });
    await monitor.send('led on\n');
    expect(new TextDecoder().decode(Uint8Array.from(received))).toBe('led on\n');
    await monitor.close();
  });

  it('closes the port and releases its streams, without reporting a loss', async () => {
    const port = new FakeSerialPort();
    const onLost = vi.fn();
    const monitor = await SerialMonitorPort.open(port, 9600, { onText: () => {}, onLost });
    await monitor.close();
    await monitor.close();
    expect(port.isOpen).toBe(false);
    expect(onLost).not.toHaveBeenCalled();
    await expect(monitor.send('x')).rejects.toThrow(/closed/);
    // The port can be opened again, e.g. for an upload.
    await port.open({ baudRate: 115200 });
  });

  it('keeps reading after a framing error', async () => {
    const port = new FakeSerialPort();
    const chunks: string[] = [];
    const monitor = await SerialMonitorPort.open(port, 9600, { onText: (t) => chunks.push(t) });
    port.emit(utf8('a'));
    await vi.waitFor(() => expect(textOf(chunks)).toBe('a'));
    port.readError('FramingError');
    // Give the monitor a turn to take the new stream.
    await vi.waitFor(() => expect(port.readable?.locked).toBe(true));
    port.emit(utf8('b'));
    await vi.waitFor(() => expect(textOf(chunks)).toBe('ab'));
    await monitor.close();
  });

  it('reports the board unplugged', async () => {
    const port = new FakeSerialPort();
    const onLost = vi.fn();
    const monitor = await SerialMonitorPort.open(port, 9600, { onText: () => {}, onLost });
    port.unplug();
    await vi.waitFor(() => expect(onLost).toHaveBeenCalledWith(new Error(BOARD_LOST)));
    await monitor.close();
    expect(port.isOpen).toBe(false);
  });

  it('says the port is busy when another monitor has it', async () => {
    const port = new FakeSerialPort();
    const first = await SerialMonitorPort.open(port, 9600, { onText: () => {} });
    await expect(SerialMonitorPort.open(port, 9600, { onText: () => {} })).rejects.toThrow(PORT_BUSY);
    await first.close();
  });
});

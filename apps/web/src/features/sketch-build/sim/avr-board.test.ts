import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_CYCLES_PER_SLICE, SimulatedUno, UNO_CLOCK_HZ } from './avr-board.ts';

// Real avr-gcc output of fixtures/Hello.ino (see fixtures/README.md): prints "hello", blinks pin 13 every
// 100 ms and echoes each Serial byte it receives.
// The base goes through a variable: Vite rewrites the literal `new URL('…', import.meta.url)` into an asset
// URL on jsdom's http://localhost origin, which readFileSync cannot open.
const testFileUrl = import.meta.url;
const HELLO_HEX = readFileSync(new URL('./fixtures/Hello.ino.hex', testFileUrl), 'utf8');

const seconds = (s: number) => Math.round(UNO_CLOCK_HZ * s);

/** A board on the fixture that records everything it reports. */
function helloBoard() {
  const serial: string[] = [];
  const led: boolean[] = [];
  const uno = new SimulatedUno(HELLO_HEX, {
    onSerial: (text) => serial.push(text),
    onLed: (on) => led.push(on),
  });
  return { uno, serial, led, output: () => serial.join('') };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SimulatedUno', () => {
  it('runs the sketch: prints hello, blinks the LED, echoes input, and starts over on reset', () => {
    const { uno, led, output } = helloBoard();
    uno.runCycles(seconds(0.5));
    expect(output()).toBe('hello\r\n');
    // 0.5 s of a 100 ms on / 100 ms off blink: on, off, on at least; strictly alternating (no repeats).
    expect(led.slice(0, 3)).toEqual([true, false, true]);
    expect(led.every((on, i) => i === 0 || on !== led[i - 1])).toBe(true);

    // loop() looks at Serial once per 200 ms blink.
    uno.writeSerial('x');
    uno.runCycles(seconds(0.3));
    expect(output()).toBe('hello\r\nx');

    uno.reset();
    expect(uno.cycles).toBe(0);
    uno.runCycles(seconds(0.1));
    expect(output()).toBe('hello\r\nxhello\r\n');
  });

  it('feeds several bytes in order and does not split a multi-byte character on the way out', () => {
    const { uno, serial, output } = helloBoard();
    uno.runCycles(seconds(0.05));
    // One byte echoed per 200 ms loop: 'é' (2 bytes) and 'a' need three loops.
    uno.writeSerial('éa');
    uno.runCycles(seconds(0.7));
    expect(output()).toBe('hello\r\néa');
    expect(serial).toContain('é');
    expect(serial.join('')).not.toContain('\ufffd');
  });

  it('turns a lit LED off on reset', () => {
    const { uno, led } = helloBoard();
    // The first digitalWrite(HIGH) comes right after setup; the LED is on until 100 ms.
    uno.runCycles(seconds(0.05));
    expect(led).toEqual([true]);
    uno.reset();
    expect(led).toEqual([true, false]);
  });

  it('runs in real time on start(), runs one loop only, and leaves no timer after stop()', () => {
    vi.useFakeTimers();
    const { uno, output } = helloBoard();
    expect(uno.running).toBe(false);
    uno.start();
    uno.start();
    expect(uno.running).toBe(true);
    expect(vi.getTimerCount()).toBe(1);

    vi.advanceTimersByTime(100);
    // Chip time follows the (fake) wall clock: about 100 ms, never more.
    expect(uno.cycles).toBeGreaterThan(seconds(0.08));
    expect(uno.cycles).toBeLessThanOrEqual(seconds(0.1) + 100);
    expect(output()).toBe('hello\r\n');
    expect(vi.getTimerCount()).toBe(1);

    uno.stop();
    expect(uno.running).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    const stoppedAt = uno.cycles;
    vi.advanceTimersByTime(100);
    expect(uno.cycles).toBe(stoppedAt);
  });

  it('caps a slice after a long pause instead of catching up in one burst', () => {
    vi.useFakeTimers();
    const { uno } = helloBoard();
    uno.start();
    vi.advanceTimersByTime(0);
    const before = uno.cycles;
    // The page was frozen for 10 s: the next slice still runs at most one frame of chip time.
    vi.setSystemTime(Date.now() + 10_000);
    vi.advanceTimersByTime(10);
    expect(uno.cycles - before).toBeGreaterThan(0);
    expect(uno.cycles - before).toBeLessThanOrEqual(MAX_CYCLES_PER_SLICE + 100);
    uno.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops cleanly when a callback calls stop() mid-slice', () => {
    vi.useFakeTimers();
    const uno: SimulatedUno = new SimulatedUno(HELLO_HEX, { onSerial: () => uno.stop() });
    uno.start();
    vi.advanceTimersByTime(100);
    expect(uno.running).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('throws on a bad hex', () => {
    expect(() => new SimulatedUno(':00000001FE\n')).toThrow(/Intel HEX line 1: bad checksum/);
    expect(() => new SimulatedUno('hello')).toThrow(/Intel HEX line 1/);
  });
});

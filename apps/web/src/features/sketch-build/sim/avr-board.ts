import {
  AVRIOPort,
  AVRTimer,
  AVRUSART,
  avrInstruction,
  CPU,
  PinState,
  portBConfig,
  portCConfig,
  portDConfig,
  timer0Config,
  timer1Config,
  timer2Config,
  usart0Config,
} from 'avr8js';
import { parseIntelHex } from './intel-hex.ts';

/**
 * A simulated Arduino Uno (ATmega328P at 16 MHz) for "Run in the browser": the compiled sketch runs on
 * avr8js, its Serial output goes to `onSerial` and the built-in LED (pin 13) to `onLed`.
 *
 * Only what a first sketch touches is wired: the three timers (millis/delay/PWM), USART0 (Serial) and the
 * GPIO ports. Everything else (ADC, SPI, I²C, EEPROM) reads as idle registers.
 */

export const UNO_CLOCK_HZ = 16_000_000;

/** Flash of the ATmega328P: 32 KiB, i.e. 16 Ki 16-bit instruction words. */
const FLASH_BYTES = 0x8000;

/** Arduino pin 13 is PB5. */
const LED_BIT = 5;

const CYCLES_PER_MS = UNO_CLOCK_HZ / 1000;

/**
 * At most one 60 Hz frame of chip time per slice: when the page falls behind (slow machine, background
 * tab) the simulation slows down instead of running a long catch-up burst that freezes the page.
 */
export const MAX_CYCLES_PER_SLICE = Math.round(UNO_CLOCK_HZ / 60);

/** Pause between slices; long enough for the page to render and handle input in between. */
const SLICE_INTERVAL_MS = 10;

export interface SimulatedUnoOptions {
  /** Text the sketch printed; arrives in pieces, never splitting a multi-byte UTF-8 character. */
  onSerial?: (text: string) => void;
  /** The built-in LED turned on or off; called only on a change. */
  onLed?: (on: boolean) => void;
}

/** One powered-up chip; reset() builds a new one, since avr8js peripherals have no single reset. */
interface Machine {
  cpu: CPU;
  usart: AVRUSART;
  ports: readonly AVRIOPort[];
  timers: readonly AVRTimer[];
}

export class SimulatedUno {
  private readonly program: Uint16Array;
  private readonly onSerial: (text: string) => void;
  private readonly onLed: (on: boolean) => void;
  private machine: Machine;
  private decoder = new TextDecoder();
  private ledOn = false;
  /** Bytes from writeSerial not yet handed to the USART; it takes one at a time, at the baud rate. */
  private rxQueue: number[] = [];
  private rxHead = 0;
  private wantRunning = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastSliceAt = 0;

  /** Throws (from parseIntelHex) when `hex` is not a valid program for the chip. */
  constructor(hex: string, options: SimulatedUnoOptions = {}) {
    this.program = toWords(parseIntelHex(hex, FLASH_BYTES));
    this.onSerial = options.onSerial ?? (() => {});
    this.onLed = options.onLed ?? (() => {});
    this.machine = this.build();
  }

  get running(): boolean {
    return this.wantRunning;
  }

  /** Chip time since the last reset, in clock cycles (divide by UNO_CLOCK_HZ for seconds). */
  get cycles(): number {
    return this.machine.cpu.cycles;
  }

  /** Executes about `n` clock cycles now, synchronously (the last instruction may overshoot a little). */
  runCycles(n: number): void {
    const machine = this.machine;
    const { cpu } = machine;
    const end = cpu.cycles + n;
    // A callback may call reset() mid-run; the old chip must then stop executing at once.
    while (cpu.cycles < end && machine === this.machine) {
      if (this.rxHead < this.rxQueue.length) this.feedRx(machine.usart);
      avrInstruction(cpu);
      cpu.tick();
    }
  }

  /** Queues text for the sketch's Serial input (UTF-8 bytes, delivered at the sketch's baud rate). */
  writeSerial(text: string): void {
    for (const byte of new TextEncoder().encode(text)) this.rxQueue.push(byte);
  }

  /** Runs in real time until stop(); calling it while running does nothing. */
  start(): void {
    if (this.wantRunning) return;
    this.wantRunning = true;
    this.lastSliceAt = performance.now();
    // A slice in progress (start() called from a callback) schedules the next one itself.
    if (this.timer === null) this.timer = setTimeout(this.slice, 0);
  }

  /** Stops the real-time loop; no timer stays behind. The chip keeps its state for a later start(). */
  stop(): void {
    this.wantRunning = false;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Like pressing the reset button: the sketch starts over; pending Serial input is dropped. */
  reset(): void {
    this.rxQueue = [];
    this.rxHead = 0;
    // Bytes of a character cut off by the reset are dropped rather than glued to the next output.
    this.decoder = new TextDecoder();
    this.machine = this.build();
    // Reset turns every pin into an input, so a lit LED goes dark.
    this.setLed(false);
  }

  private readonly slice = (): void => {
    this.timer = null;
    const now = performance.now();
    const elapsedMs = Math.max(0, now - this.lastSliceAt);
    this.lastSliceAt = now;
    try {
      this.runCycles(Math.min(Math.floor(elapsedMs * CYCLES_PER_MS), MAX_CYCLES_PER_SLICE));
    } catch (error) {
      // A throwing callback must not leave a loop spinning on the same error.
      this.stop();
      throw error;
    }
    if (this.wantRunning && this.timer === null) this.timer = setTimeout(this.slice, SLICE_INTERVAL_MS);
  };

  private build(): Machine {
    // The CPU gets its own copy: avr8js can write flash (SPM), which must not survive a reset.
    const cpu = new CPU(new Uint16Array(this.program));
    const timers = [timer0Config, timer1Config, timer2Config].map((config) => new AVRTimer(cpu, config));
    const usart = new AVRUSART(cpu, usart0Config, UNO_CLOCK_HZ);
    usart.onByteTransmit = (byte) => {
      // Stream mode keeps a partial UTF-8 sequence until its last byte arrives.
      const text = this.decoder.decode(Uint8Array.of(byte), { stream: true });
      if (text !== '') this.onSerial(text);
    };
    const portB = new AVRIOPort(cpu, portBConfig);
    // Listeners also fire for other pins and DDR changes; setLed filters to real LED changes.
    portB.addListener(() => this.setLed(portB.pinState(LED_BIT) === PinState.High));
    const ports = [portB, new AVRIOPort(cpu, portCConfig), new AVRIOPort(cpu, portDConfig)];
    return { cpu, usart, ports, timers };
  }

  private setLed(on: boolean): void {
    if (on === this.ledOn) return;
    this.ledOn = on;
    this.onLed(on);
  }

  private feedRx(usart: AVRUSART): void {
    // writeByte refuses while a byte is still "on the wire" or the sketch has not enabled the receiver.
    if (usart.rxBusy || !usart.rxEnable) return;
    const byte = this.rxQueue[this.rxHead];
    if (byte === undefined || !usart.writeByte(byte)) return;
    this.rxHead += 1;
    if (this.rxHead === this.rxQueue.length) {
      this.rxQueue = [];
      this.rxHead = 0;
    }
  }
}

/** AVR instructions are little-endian 16-bit words; built byte by byte so host endianness does not matter. */
function toWords(bytes: Uint8Array): Uint16Array {
  const words = new Uint16Array(bytes.length / 2);
  for (let i = 0; i < words.length; i += 1) {
    words[i] = (bytes[2 * i] ?? 0xff) | ((bytes[2 * i + 1] ?? 0xff) << 8);
  }
  return words;
}

import { BOARD_LOST } from '@/features/devices/new-device/model/web-transports-dom.ts';
import { openPort, type SerialPortLike } from './serial-port.ts';

export interface SerialMonitorEvents {
  /** Text the board printed, decoded as UTF-8 as it comes (a character split across reads is kept whole). */
  onText(text: string): void;
  /** The port ended without `close` (the board was unplugged). */
  onLost?(error: Error): void;
}

// Web Serial errors the readable on these and gives the port a fresh one: reading goes on.
const RECOVERABLE_READ_ERRORS = new Set(['BufferOverrunError', 'BreakError', 'FramingError', 'ParityError']);

/** A board's serial output as text, and a way to send it lines: the Serial Monitor's link. */
export class SerialMonitorPort {
  private reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  private closing = false;
  private closed: Promise<void> | null = null;
  private readonly reading: Promise<void>;
  private readonly encoder = new TextEncoder();

  private constructor(
    private readonly port: SerialPortLike,
    private readonly writer: WritableStreamDefaultWriter<Uint8Array>,
    private readonly events: SerialMonitorEvents,
  ) {
    this.reading = this.readAll();
  }

  /** Opens `port` at `baudRate` (the sketch's `Serial.begin`) and starts passing its text to `onText`. */
  static async open(port: SerialPortLike, baudRate: number, events: SerialMonitorEvents) {
    const { writable } = await openPort(port, baudRate);
    return new SerialMonitorPort(port, writable.getWriter(), events);
  }

  async send(text: string): Promise<void> {
    if (this.closing) throw new Error('The Serial Monitor is closed.');
    await this.writer.write(this.encoder.encode(text));
  }

  /** Stops reading, lets the streams go and closes the port; safe to call more than once. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      this.closing = true;
      await this.reader?.cancel().catch(() => {});
      await this.reading;
      this.writer.releaseLock();
      await this.port.close().catch(() => {});
    })();
    return this.closed;
  }

  private async readAll() {
    // One decoder across reads, in stream mode, so a multi-byte character split between reads stays whole.
    const decoder = new TextDecoder();
    try {
      while (!this.closing && (await this.readUntilError(decoder))) {}
    } finally {
      const rest = decoder.decode();
      if (rest) this.events.onText(rest);
      if (!this.closing) this.events.onLost?.(new Error(BOARD_LOST));
    }
  }

  /** Reads the port's current readable; true when reading should go on with the next one. */
  private async readUntilError(decoder: TextDecoder): Promise<boolean> {
    const readable = this.port.readable;
    if (!readable) return false;
    const reader = readable.getReader();
    this.reader = reader;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return false;
        const text = decoder.decode(value, { stream: true });
        if (text) this.events.onText(text);
      }
    } catch (err) {
      return err instanceof DOMException && RECOVERABLE_READ_ERRORS.has(err.name);
    } finally {
      reader.releaseLock();
      this.reader = null;
    }
  }
}

import type { SerialOutputSignals, SerialPortLike } from '../serial-port.ts';

/** The board's side of a fake port. */
export interface FakeBoard {
  onBytes?(bytes: Uint8Array): void;
  onSignals?(signals: SerialOutputSignals): void;
}

/**
 * A Web Serial port for tests: fresh streams on each open, like the browser's; the board's `onBytes`
 * sees what the page writes; `emit` plays what the board sends.
 */
export class FakeSerialPort implements SerialPortLike {
  readable: ReadableStream<Uint8Array> | null = null;
  writable: WritableStream<Uint8Array> | null = null;
  /** Every `setSignals` call, in order. */
  readonly signals: SerialOutputSignals[] = [];
  /** The baud rate of the last open. */
  baudRate: number | null = null;
  /** Everything the page wrote, across opens. */
  readonly written: number[] = [];
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;

  constructor(private readonly board: FakeBoard = {}) {}

  getInfo() {
    return { usbVendorId: 0x2341, usbProductId: 0x0043 };
  }

  async open({ baudRate }: { baudRate: number }): Promise<void> {
    if (this.readable) throw new DOMException('The port is already open.', 'InvalidStateError');
    this.baudRate = baudRate;
    this.readable = this.newReadable();
    this.writable = new WritableStream<Uint8Array>({
      write: (chunk) => {
        this.written.push(...chunk);
        this.board.onBytes?.(chunk);
      },
    });
  }

  async close(): Promise<void> {
    if (this.readable?.locked || this.writable?.locked) throw new TypeError('Cannot close a locked stream.');
    this.controller = null;
    this.readable = null;
    this.writable = null;
  }

  async setSignals(signals: SerialOutputSignals): Promise<void> {
    this.signals.push(signals);
    this.board.onSignals?.(signals);
  }

  get isOpen() {
    return this.readable !== null;
  }

  /** Bytes from the board to the page. */
  emit(bytes: Uint8Array | readonly number[]) {
    this.controller?.enqueue(Uint8Array.from(bytes));
  }

  /** A non-fatal read error (a framing error, say): the browser errors the stream and makes a new one. */
  readError(name: string) {
    this.controller?.error(new DOMException('Read failed.', name));
    this.readable = this.newReadable();
  }

  /** The board was unplugged: reads end. */
  unplug() {
    this.controller?.close();
    this.controller = null;
  }

  private newReadable() {
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
      cancel: () => {
        this.controller = null;
      },
    });
  }
}

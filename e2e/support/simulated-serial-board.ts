import type { Page } from '@playwright/test';
import { SimulatedBoard, type SimulatedBoardOptions } from '@tinkercloud/device-protocol/board-config';

/** The USB ids the fake port reports: an Arduino UNO R4 WiFi. */
export const FAKE_PORT_INFO = { usbVendorId: 0x2341, usbProductId: 0x1002 };

/**
 * Gives the page a Web Serial `navigator.serial` whose one port is wired to a simulated board running in
 * this test process (Playwright cannot answer the browser's real port chooser). The page's writes reach
 * the board through a binding; the board's bytes are pushed into the port's readable stream, in order.
 * Opening the port starts a fresh board, as plugging one in does. Returns the boards made so far and the
 * options `requestPort` was called with.
 */
export async function installSimulatedSerialBoard(
  page: Page,
  options: Omit<SimulatedBoardOptions, 'send'> = {},
) {
  const boards: SimulatedBoard[] = [];
  let pushing: Promise<unknown> = Promise.resolve();
  let current: SimulatedBoard | null = null;

  await page.exposeBinding('__boardSerial', (_source, op: string, arg?: number[]) => {
    if (op === 'open') {
      current?.stop();
      const board = new SimulatedBoard({
        stepMs: 150,
        ...options,
        send: (bytes) => {
          // Chained, so packets reach the page in the order the board sent them.
          pushing = pushing
            .then(() =>
              page.evaluate((b) => (window as unknown as FakeSerialWindow).__boardSerialPush(b), [...bytes]),
            )
            .catch(() => {}); // the page navigated away: the board talks to nobody
        },
      });
      boards.push(board);
      current = board;
    } else if (op === 'write' && arg) {
      current?.receive(Uint8Array.from(arg));
    } else if (op === 'close') {
      current?.stop();
      current = null;
    }
  });

  await page.addInitScript((info) => {
    type Call = (op: string, arg?: number[]) => Promise<void>;
    const w = window as unknown as { __boardSerial: Call; __boardSerialPush: (b: number[]) => void } & Record<
      string,
      unknown
    >;
    let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
    w.__boardSerialPush = (bytes) => {
      try {
        controller?.enqueue(Uint8Array.from(bytes));
      } catch {
        // The app cancelled its reader while the board was still talking.
      }
    };
    const port = {
      readable: null as ReadableStream<Uint8Array> | null,
      writable: null as WritableStream<Uint8Array> | null,
      getInfo: () => info,
      async open(_options: { baudRate: number }) {
        if (port.readable) throw new DOMException('The port is already open.', 'InvalidStateError');
        w.__serialOpenedWith = _options;
        await w.__boardSerial('open');
        port.readable = new ReadableStream<Uint8Array>({
          start: (c) => {
            controller = c;
          },
        });
        port.writable = new WritableStream<Uint8Array>({
          write: (chunk) => w.__boardSerial('write', [...chunk]),
        });
      },
      async close() {
        controller = null;
        port.readable = null;
        port.writable = null;
        await w.__boardSerial('close');
      },
    };
    Object.defineProperty(navigator, 'serial', {
      configurable: true,
      value: {
        requestPort: async (requestOptions: unknown) => {
          w.__requestPortOptions = requestOptions;
          return port;
        },
        getPorts: async () => [port],
      },
    });
  }, FAKE_PORT_INFO);

  return {
    boards,
    /** What the page passed to `navigator.serial.requestPort` and `port.open`. */
    requested: () =>
      page.evaluate(() => {
        const w = window as unknown as Record<string, unknown>;
        return { requestPort: w.__requestPortOptions, open: w.__serialOpenedWith };
      }),
  };
}

interface FakeSerialWindow {
  __boardSerialPush(bytes: number[]): void;
}

import { type SimulatedBoardPipe, simulatedBoardPipe } from '@tinkercloud/device-protocol/board-config';
import type { RequestBoard } from '../model/web-transports-dom.ts';

type PipeOptions = Parameters<typeof simulatedBoardPipe>[0];

/**
 * A board picker whose every pick is a simulated board behind an in-memory duplex (the hook's tests). Each
 * pick makes a new board, as plugging one in again would; `pipes` keeps them in order, and `silent` says
 * whether the next one answers.
 */
export function simulatedBoardPicker(options: PipeOptions = {}) {
  const pipes: SimulatedBoardPipe[] = [];
  const picker = {
    pipes,
    silent: options.silent ?? false,
    request: (async () => {
      const pipe = simulatedBoardPipe({ stepMs: 2, ...options, silent: picker.silent });
      pipes.push(pipe);
      return {
        label: 'USB 2341:1002',
        open: async (events) => {
          pipe.onBoardBytes(events.bytes);
          return { write: pipe.write, close: async () => pipe.board.stop() };
        },
      };
    }) satisfies RequestBoard as RequestBoard,
  };
  return picker;
}

/**
 * A Web Serial `navigator.serial` whose port streams reach a simulated board (the page's tests): the real
 * DOM transport reads and writes it. `openError` makes `port.open` fail as a busy port does.
 */
export function simulatedWebSerial(options: PipeOptions & { openError?: DOMException } = {}) {
  const pipes: SimulatedBoardPipe[] = [];
  const opened: unknown[] = [];
  const requestPort = async (filters: unknown) => {
    const pipe = simulatedBoardPipe({ stepMs: 2, ...options });
    pipes.push(pipe);
    const port = {
      readable: null as ReadableStream<Uint8Array> | null,
      writable: null as WritableStream<Uint8Array> | null,
      getInfo: () => ({ usbVendorId: 0x2341, usbProductId: 0x1002 }),
      open: async (how: unknown) => {
        opened.push(how);
        if (options.openError) throw options.openError;
        port.readable = new ReadableStream<Uint8Array>({
          start: (controller) => pipe.onBoardBytes((bytes) => controller.enqueue(bytes)),
        });
        port.writable = new WritableStream<Uint8Array>({ write: (chunk) => pipe.write(chunk) });
      },
      close: async () => {
        pipe.board.stop();
        port.readable = null;
        port.writable = null;
      },
    };
    requests.push(filters);
    return port;
  };
  const requests: unknown[] = [];
  return { serial: { requestPort }, pipes, opened, requests };
}

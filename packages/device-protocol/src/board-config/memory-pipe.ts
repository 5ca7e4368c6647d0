import { SimulatedBoard, type SimulatedBoardOptions } from './simulated-board.ts';

export interface SimulatedBoardPipe {
  board: SimulatedBoard;
  /** The app's write side: bytes reach the board (asynchronously, as over a wire). */
  write(bytes: Uint8Array): Promise<void>;
  /** Where the board's bytes go; set once the app listens. */
  onBoardBytes(receiver: (bytes: Uint8Array) => void): void;
  /** Everything the app wrote, in order. */
  readonly written: Uint8Array[];
}

/**
 * An in-memory duplex between the app and a simulated board, for tests. Bytes in both directions are cut
 * into chunks of `chunkSize` (default 5) so the parsers on both sides see packets split across reads.
 */
export function simulatedBoardPipe(
  options: Omit<SimulatedBoardOptions, 'send'> & { chunkSize?: number } = {},
): SimulatedBoardPipe {
  const chunkSize = options.chunkSize ?? 5;
  let receiver: ((bytes: Uint8Array) => void) | null = null;
  const chunks = (bytes: Uint8Array) => {
    const out: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += chunkSize) out.push(bytes.slice(i, i + chunkSize));
    return out;
  };
  const board = new SimulatedBoard({
    ...options,
    send: (bytes) => {
      for (const c of chunks(bytes)) queueMicrotask(() => receiver?.(c));
    },
  });
  const written: Uint8Array[] = [];
  return {
    board,
    written,
    write: async (bytes) => {
      written.push(bytes);
      for (const c of chunks(bytes)) {
        await Promise.resolve();
        board.receive(c);
      }
    },
    onBoardBytes: (r) => {
      receiver = r;
    },
  };
}

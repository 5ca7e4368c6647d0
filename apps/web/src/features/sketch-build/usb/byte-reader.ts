import { BOARD_LOST } from '@/features/devices/new-device/model/web-transports-dom.ts';

const TIMED_OUT = Symbol('timed out');

/** `promise`, or TIMED_OUT after `ms`; rejects with the signal's reason as soon as it aborts. */
export function within<T>(
  promise: Promise<T>,
  ms: number,
  signal?: AbortSignal,
): Promise<T | typeof TIMED_OUT> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => settle(() => reject(signal?.reason));
    const settle = (then: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      then();
    };
    timer = setTimeout(() => settle(() => resolve(TIMED_OUT)), ms);
    signal?.addEventListener('abort', onAbort);
    promise.then(
      (value) => settle(() => resolve(value)),
      (err: unknown) => settle(() => reject(err)),
    );
  });
}

/** Waits `ms`, or rejects when the signal aborts. */
export async function delay(ms: number, signal?: AbortSignal): Promise<void> {
  await within(new Promise<never>(() => {}), ms, signal);
}

/**
 * Reads byte counts with a deadline from a port's reader. A read that times out stays pending and what it
 * brings is kept for the next call: racing `reader.read()` afresh each time would drop a late answer.
 */
export class ByteReader {
  private buffered: number[] = [];
  private pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;

  constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly signal?: AbortSignal,
  ) {}

  /** `count` bytes, or null when they did not all come within `timeoutMs`. */
  async read(count: number, timeoutMs: number): Promise<Uint8Array | null> {
    const deadline = Date.now() + timeoutMs;
    while (this.buffered.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) return null;
      this.pending ??= this.reader.read();
      let result: Awaited<typeof this.pending> | typeof TIMED_OUT;
      try {
        result = await within(this.pending, left, this.signal);
      } catch (err) {
        if (this.signal?.aborted) throw err;
        // A failed read is the port going away (unplugged, or its driver gave up).
        throw new Error(BOARD_LOST, { cause: err });
      }
      if (result === TIMED_OUT) return null;
      this.pending = null;
      if (result.done) throw new Error(BOARD_LOST);
      this.buffered.push(...result.value);
    }
    return Uint8Array.from(this.buffered.splice(0, count));
  }

  /** Drops what has arrived, and what still arrives until the line has been quiet for `quietMs`. */
  async drain(quietMs: number): Promise<void> {
    this.buffered = [];
    while ((await this.read(1, quietMs)) !== null) this.buffered = [];
  }
}

import { vi } from 'vitest';

export interface StreamCall {
  url: string;
  headers: Headers;
  signal: AbortSignal;
  /** Sends text on the response body. */
  push(text: string): void;
  /** Ends the response body, as a server closing the stream. */
  end(): void;
}

/**
 * A fetch whose answers are real streaming Responses (a ReadableStream body the test writes to), recording
 * every call. `status` picks an answer's status (200 streams; others answer an error body).
 */
export function streamingFetch(status: (call: StreamCall, index: number) => number = () => 200) {
  const calls: StreamCall[] = [];
  const encoder = new TextEncoder();
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const signal = init?.signal ?? new AbortController().signal;
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let open = true;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
      cancel() {
        open = false;
      },
    });
    const call: StreamCall = {
      url: String(input),
      headers: new Headers(init?.headers),
      signal,
      push: (text) => {
        if (open) controller.enqueue(encoder.encode(text));
      },
      end: () => {
        if (!open) return;
        open = false;
        controller.close();
      },
    };
    signal.addEventListener('abort', () => {
      if (!open) return;
      open = false;
      controller.error(signal.reason);
    });
    calls.push(call);
    const code = status(call, calls.length - 1);
    if (code !== 200) {
      open = false;
      return new Response(JSON.stringify({ code: 'x', status: code }), {
        status: code,
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

/** Resolves once `check` holds (polling; a missing result fails after `timeoutMs`). */
export async function until(check: () => boolean, what: string, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export const frame = (event: string, data: unknown, id?: string) =>
  `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

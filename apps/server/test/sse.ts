import http from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

export interface SseMessage {
  id?: string;
  event: string;
  data: unknown;
}

/**
 * Reads a text/event-stream as it arrives (through `inject` or a real HTTP response): `next()` waits for the
 * next event (comments are counted, not returned), `close()` disconnects like a browser tab closing.
 */
export class SseReader {
  private buffer = '';
  private readonly queue: SseMessage[] = [];
  private waiters: (() => void)[] = [];
  comments = 0;
  ended = false;

  constructor(chunks: AsyncIterable<Uint8Array | string>) {
    void this.pump(chunks);
  }

  private async pump(chunks: AsyncIterable<Uint8Array | string>) {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of chunks) {
        this.buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
        let at = this.buffer.indexOf('\n\n');
        while (at >= 0) {
          this.parse(this.buffer.slice(0, at));
          this.buffer = this.buffer.slice(at + 2);
          at = this.buffer.indexOf('\n\n');
        }
        this.wake();
      }
    } catch {
      // A disconnect we asked for.
    }
    this.ended = true;
    this.wake();
  }

  private parse(block: string) {
    const msg: { id?: string; event: string; data: string[] } = { event: 'message', data: [] };
    let fields = 0;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments += 1;
        continue;
      }
      const colon = line.indexOf(':');
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      fields += 1;
      if (name === 'id') msg.id = value;
      else if (name === 'event') msg.event = value;
      else if (name === 'data') msg.data.push(value);
    }
    if (fields > 0) this.queue.push({ ...msg, data: JSON.parse(msg.data.join('\n')) });
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  /** The next event, or an error after `timeoutMs` (a generous bound for a missing event, not a speed test). */
  async next(timeoutMs = 15_000): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const msg = this.queue.shift();
      if (msg) return msg;
      if (this.ended) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no event arrived');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The next event of this type, skipping others. */
  async nextOf(type: string, timeoutMs = 15_000): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const msg = await this.next(Math.max(1, deadline - Date.now()));
      if (msg.event === type) return msg;
    }
  }

  /** Events already received and not yet read. */
  pending(): SseMessage[] {
    return [...this.queue];
  }

  /** Resolves once a comment line arrives (heartbeats). */
  async waitForComments(count: number, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (this.comments < count) {
      if (this.ended || Date.now() > deadline) throw new Error('no comment arrived');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until the server ends the stream. */
  async waitForEnd(timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error('the stream did not end');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

/** An event stream through `inject`: the status and headers, and a reader when it is a stream. */
export async function injectStream(app: FastifyInstance, url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await app.inject({
    method: 'GET',
    url,
    headers,
    payloadAsStream: true,
    signal: controller.signal,
  });
  const stream = res.stream() as Readable;
  const isStream = String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
  let body: unknown;
  let reader: SseReader | undefined;
  if (isStream) reader = new SseReader(stream);
  else {
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(Buffer.from(c));
    const text = Buffer.concat(chunks).toString('utf8');
    body = text ? JSON.parse(text) : undefined;
  }
  return {
    statusCode: res.statusCode,
    headers: res.headers,
    /** The error body when the answer is not a stream. */
    body,
    get reader(): SseReader {
      if (!reader) throw new Error(`not a stream: ${res.statusCode} ${JSON.stringify(body)}`);
      return reader;
    },
    close: () => controller.abort(),
  };
}

/**
 * An event stream over a real HTTP connection of its own (no keep-alive pool), as a browser tab holds one:
 * `close()` drops the connection.
 */
export function httpStream(url: string, headers: Record<string, string>) {
  return new Promise<{ statusCode: number; reader: SseReader; close: () => void }>((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      resolve({ statusCode: res.statusCode ?? 0, reader: new SseReader(res), close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

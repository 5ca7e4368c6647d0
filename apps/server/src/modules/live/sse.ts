import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StreamRegistry } from './stream-registry.ts';

/** One server-sent event; `data` is sent as one line of JSON. */
function sseFrame(frame: { id?: string; event: string; data: unknown }): string {
  const id = frame.id === undefined ? '' : `id: ${frame.id}\n`;
  return `${id}event: ${frame.event}\ndata: ${JSON.stringify(frame.data)}\n\n`;
}

/** A stream that falls this far behind (bytes not taken by the client) is closed; it resumes on reconnect. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

interface SseStream {
  send(frame: { id?: string; event: string; data: unknown }): void;
  readonly closed: boolean;
  close(): void;
  /** Called once when the stream ends, whoever ends it (client, server, shutdown). */
  onClose(fn: () => void): void;
}

export interface SseOptions {
  registry: StreamRegistry;
  userId: string;
  heartbeatMs: number;
  /** When the caller's token expires (ms since epoch): the stream ends then and the client reconnects. */
  endAt?: number | undefined;
  /** Asked at each heartbeat; false ends the stream (the caller left the space or lost the right). */
  stillAllowed?: () => Promise<boolean>;
}

/**
 * Answers the request with `text/event-stream` and returns the writer. The per-user cap is checked first
 * (429 before any byte is sent). A comment line every `heartbeatMs` keeps proxies from closing an idle stream.
 */
export function openSse(request: FastifyRequest, reply: FastifyReply, opts: SseOptions): SseStream {
  const body = new PassThrough();
  const closeHandlers: (() => void)[] = [];
  let closed = false;
  const release = opts.registry.open(opts.userId, () => {
    close();
    return finished();
  });
  const timers: NodeJS.Timeout[] = [];

  function close() {
    if (closed) return;
    closed = true;
    for (const t of timers) clearTimeout(t);
    release();
    body.end();
    for (const fn of closeHandlers.splice(0)) fn();
  }

  /** Resolves once the response has gone out in full (or the connection is gone). */
  function finished(): Promise<void> {
    const res = reply.raw;
    if (res.writableFinished || res.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      res.once('finish', () => resolve());
      res.once('close', () => resolve());
    });
  }

  function write(text: string) {
    if (closed) return;
    body.write(text);
    if (body.writableLength > MAX_BUFFERED_BYTES) {
      request.log.warn('closing a live stream whose client does not keep up');
      body.destroy();
      close();
    }
  }

  const heartbeat = setInterval(() => {
    write(': keep-alive\n\n');
    if (opts.stillAllowed) {
      opts.stillAllowed().then(
        (ok) => ok || close(),
        () => undefined,
      );
    }
  }, opts.heartbeatMs);
  timers.push(heartbeat);
  if (opts.endAt !== undefined) {
    // setTimeout holds at most ~24.8 days; tokens live far less.
    timers.push(setTimeout(close, Math.max(0, Math.min(opts.endAt - Date.now(), 2_000_000_000))));
  }
  for (const t of timers) t.unref();
  body.on('close', close);
  request.raw.on('close', close);

  reply
    .code(200)
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    // nginx and similar proxies would otherwise buffer the stream.
    .header('x-accel-buffering', 'no')
    .send(body);
  // The first bytes go out at once so clients see the response start.
  write(': stream open\n\n');

  return {
    send: (frame) => write(sseFrame(frame)),
    get closed() {
      return closed;
    },
    close,
    onClose(fn) {
      if (closed) fn();
      else closeHandlers.push(fn);
    },
  };
}

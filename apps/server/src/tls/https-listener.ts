import { createServer, type Server } from 'node:https';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { CertificateSource } from './certificate-source.ts';
import { listenWithFallback } from './listen.ts';

/**
 * HTTPS beside the plain HTTP listener: the same Fastify app (its request handler, `app.routing`, with every
 * hook and route) on a second server, whose certificate follows the source without a restart. MQTT over
 * WebSocket is attached to it as to the plain one (`wss://…/mqtt`).
 */
export async function listenHttps(opts: {
  app: FastifyInstance;
  source: CertificateSource;
  host: string;
  port: number;
  explicit: boolean;
  logger: FastifyBaseLogger;
}): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  await opts.app.ready();
  const server = createServer({ ...opts.source.current() }, opts.app.routing);
  const stop = opts.source.onChange((next) => server.setSecureContext(next));
  const port = await listenWithFallback(server, {
    host: opts.host,
    port: opts.port,
    explicit: opts.explicit,
    variable: 'HTTPS_PORT',
    logger: opts.logger,
  });
  return {
    server,
    port,
    close() {
      stop();
      return new Promise((resolve) => {
        server.close(() => resolve());
        // Keep-alive and WebSocket connections would hold the close open.
        server.closeAllConnections();
      });
    },
  };
}

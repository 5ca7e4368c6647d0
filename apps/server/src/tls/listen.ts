import type { Server } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError } from '../config.ts';

/** How far past a default port a free one is looked for when its variable was left unset. */
const PORT_SEARCH = 100;

/** Listens on `port` (0: any free one) and resolves with the port bound, or rejects with the listen error. */
export function listenOnce(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => {
      server.off('listening', onListening);
      reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Listens on `port`; when the port is a default (its variable unset) and taken — another server on this
 * machine, a second instance — the next free one is taken and named in a warning. A port set explicitly and
 * taken is a configuration error.
 */
export async function listenWithFallback(
  server: Server,
  opts: { host: string; port: number; explicit: boolean; variable: string; logger: FastifyBaseLogger },
): Promise<number> {
  const last = opts.explicit || opts.port === 0 ? opts.port : opts.port + PORT_SEARCH;
  for (let port = opts.port; port <= last; port += 1) {
    try {
      const bound = await listenOnce(server, port, opts.host);
      if (port !== opts.port) {
        opts.logger.warn(
          `${opts.variable} ${opts.port} is in use: listening on ${bound} instead (set ${opts.variable} to choose)`,
        );
      }
      return bound;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      if (opts.explicit) {
        throw new ConfigError([`${opts.variable}: port ${opts.port} on ${opts.host} is already in use`]);
      }
    }
  }
  throw new ConfigError([`${opts.variable}: no free port between ${opts.port} and ${last}`]);
}

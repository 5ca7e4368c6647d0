import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

/**
 * New event streams one user may open per minute: a reconnecting client waits seconds between attempts, so
 * only a runaway loop (each attempt reads a snapshot) reaches this.
 */
export const STREAM_OPEN_RATE_LIMIT = {
  max: 60,
  timeWindow: '1 minute',
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => `event-stream:${request.actor?.userId ?? request.ip}`,
} as const;

const TOO_MANY_STREAMS = 'Too many live streams are open for this account; close a tab and try again.';

/**
 * The event streams open in this process: at most `maxPerUser` at once per user (each holds a connection and a
 * subscription), and all of them closed when the server shuts down (an open stream would hold the HTTP server
 * open forever: it only closes idle connections).
 */
export function createStreamRegistry(opts: { maxPerUser: number }) {
  const perUser = new Map<string, number>();
  const closers = new Set<() => Promise<void>>();
  return {
    /** Counts a new stream of `userId`, or throws 429 past the cap; call the result once the stream ends. */
    open(userId: string, close: () => Promise<void>): () => void {
      const n = perUser.get(userId) ?? 0;
      if (n >= opts.maxPerUser) throw new AppError('too_many_requests', TOO_MANY_STREAMS);
      perUser.set(userId, n + 1);
      closers.add(close);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        closers.delete(close);
        const left = (perUser.get(userId) ?? 1) - 1;
        if (left <= 0) perUser.delete(userId);
        else perUser.set(userId, left);
      };
    },
    count: (userId?: string) => (userId === undefined ? closers.size : (perUser.get(userId) ?? 0)),
    /** Ends every stream and resolves once their responses are finished (their connections then idle). */
    async closeAll() {
      await Promise.all([...closers].map((close) => close()));
    },
  };
}
export type StreamRegistry = ReturnType<typeof createStreamRegistry>;

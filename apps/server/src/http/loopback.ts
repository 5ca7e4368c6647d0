import type { FastifyRequest } from 'fastify';

/**
 * True when the TCP peer is this machine. Reads the socket, never X-Forwarded-For, so a proxy header
 * cannot fake it. Fastify's inject() has no real socket and counts as local.
 */
function isLoopbackRequest(request: FastifyRequest): boolean {
  const address = request.raw.socket?.remoteAddress;
  if (address === undefined) return true;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/**
 * True when the request names a hop before ours: a reverse proxy (nginx, Caddy, Apache, a tunnel) on this
 * machine connects from loopback, so only these headers tell its remote clients apart from a local one.
 */
function carriesForwardingHeader(request: FastifyRequest): boolean {
  return Object.keys(request.headers).some(
    (name) =>
      name === 'forwarded' || name === 'x-real-ip' || name === 'via' || name.startsWith('x-forwarded-'),
  );
}

/** A connection from this machine that no proxy relayed: someone at this machine, as far as we can tell. */
export function isDirectLoopbackRequest(request: FastifyRequest): boolean {
  return isLoopbackRequest(request) && !carriesForwardingHeader(request);
}

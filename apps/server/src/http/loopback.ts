import type { FastifyRequest } from 'fastify';

/**
 * True when the TCP peer is this machine. Reads the socket, never X-Forwarded-For, so a proxy header
 * cannot fake it. Fastify's inject() has no real socket and counts as local.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const address = request.raw.socket?.remoteAddress;
  if (address === undefined) return true;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

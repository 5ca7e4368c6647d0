import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from './answer-cache.ts';

/** Whether `If-None-Match` names this validator (weak comparison, as RFC 9110 asks for this header). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/** Whether `Accept-Encoding` takes gzip (explicitly or through `*`) with a quality above zero. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let gzip: boolean | undefined;
  let any: boolean | undefined;
  for (const part of header.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    const ok = q === undefined || Number(q.slice(2)) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') gzip = ok;
    else if (coding === '*') any = ok;
  }
  return gzip ?? any ?? false;
}

/**
 * Sends a cached answer: 304 when the client holds it already, gzip when the client takes it. The
 * validator lets clients (browsers do it on their own) ask again for the cost of the space check alone.
 */
export async function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  mediaType: string,
) {
  reply
    .header('etag', answer.etag)
    .header('vary', 'Accept-Encoding')
    // Answers depend on the caller's token: no shared cache may keep them, browsers must ask each time.
    .header('cache-control', 'private, no-cache');
  if (ifNoneMatchHits(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type(mediaType);
  if (acceptsGzip(request.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(await answer.gzip());
  }
  return reply.send(answer.body);
}

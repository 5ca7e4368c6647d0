import type { FastifyReply } from 'fastify';

/** Sends one of our HTML pages; never cached (they may carry form values and one-time tokens). */
export function sendPage(reply: FastifyReply, body: string, status = 200) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(body);
}

/** A single string field of a parsed form (the first one if repeated); '' when absent. */
export function formValue(body: unknown, name: string): string {
  if (!body || typeof body !== 'object') return '';
  const value = (body as Record<string, unknown>)[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

export function queryValue(query: unknown, name: string): string {
  return formValue(query, name);
}

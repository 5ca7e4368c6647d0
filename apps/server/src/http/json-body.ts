import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * The SPA sends `Content-Type: application/json` on every call, bodiless POSTs included (spec section 7), so
 * an empty JSON body means "no body" instead of Fastify's default 400.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('bad_request', 'Request body is not valid JSON.'), undefined);
    }
  });
}

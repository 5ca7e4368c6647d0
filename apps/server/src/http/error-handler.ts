import { toErrorBody } from '@tinkercloud/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isGoneUserViolation } from '../auth/gone-account.ts';
import { sqlStateOf } from '../db/errors.ts';
import { AppError, codeForStatus, unauthorized } from '../errors.ts';
import { inputErrorDetail } from './database-input-errors.ts';
import { errorPageHtml } from './error-page.ts';
import type { LastErrors } from './last-errors.ts';

/** A browser navigation or form post (not the SPA's fetch calls, which ask for JSON). */
function wantsHtml(request: FastifyRequest) {
  return (request.headers.accept ?? '').startsWith('text/html');
}

function send(reply: FastifyReply, request: FastifyRequest, error: AppError) {
  const body = error.toBody(request.id, request.url);
  if (wantsHtml(request)) {
    return reply.status(error.status).type('text/html; charset=utf-8').send(errorPageHtml(body));
  }
  return reply.status(error.status).type('application/json').send(body);
}

/** The longest message the ring keeps of one error (a stack or a whole SQL statement is the log's). */
const MESSAGE_MAX = 500;

function remember(lastErrors: LastErrors | undefined, request: FastifyRequest, message: string) {
  const pattern = request.routeOptions.url;
  lastErrors?.record({
    at: new Date().toISOString(),
    message: message.length > MESSAGE_MAX ? `${message.slice(0, MESSAGE_MAX)}…` : message,
    ...(pattern !== undefined && { route: `${request.method} ${pattern}` }),
  });
}

/**
 * Every error leaves the server in the spec's body `{code, name, detail, id, status, url}`, or as a small
 * page showing the same fields when a browser navigated here directly. `lastErrors`: where the 5xx answers
 * are remembered for the operator's health page.
 */
export function installErrorHandling(app: FastifyInstance, opts: { lastErrors?: LastErrors } = {}) {
  const { lastErrors } = opts;
  // The error body's id names the request in our logs; the header carries it on every response too.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) remember(lastErrors, request, err.detail);
      return send(reply, request, err);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const detail = err.validation
        .map((v) => `${err.validationContext ?? 'request'}${v.instancePath || ''}: ${v.message}`)
        .join('; ');
      return send(reply, request, new AppError('validation_error', detail));
    }
    // The caller's account was deleted while its token was still trusted here: the token is what failed.
    if (request.actor && isGoneUserViolation(err)) return send(reply, request, unauthorized());
    const inputError = inputErrorDetail(err);
    if (inputError) {
      // A value validation let through and the database refused: the caller's fault, but a gap in our
      // validation, so it is logged for us to close.
      request.log.warn({ err, sqlState: sqlStateOf(err) }, 'database refused a value from the request');
      return send(reply, request, new AppError('bad_request', inputError));
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      remember(lastErrors, request, err.message || err.name || 'error');
      return send(reply, request, new AppError('unexpected_error'));
    }
    // Errors raised by Fastify itself (bad JSON, too large, unsupported media type): keep their message.
    return send(reply, request, new AppError(codeForStatus(status), err.message));
  });
}

/** Renders a 404 in the error shape (used for API prefixes; the SPA fallback handles page routes). */
export function notFoundBody(request: FastifyRequest) {
  return toErrorBody({
    code: 'not_found',
    name: 'Not found',
    detail: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    id: request.id,
    status: 404,
    url: request.url,
  });
}

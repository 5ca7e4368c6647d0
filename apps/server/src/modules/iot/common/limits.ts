import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../../../errors.ts';
import { apiClientOf } from './api-client-context.ts';

/** Request bodies of the IoT API are small JSON documents; 512 KB leaves room for large dashboards. */
const IOT_BODY_LIMIT = 512 * 1024;

/** Caps the body size of every route registered in `scope` (unless a route sets its own). */
export function limitBodies(scope: FastifyInstance, bytes = IOT_BODY_LIMIT) {
  scope.addHook('onRoute', (route: RouteOptions) => {
    route.bodyLimit ??= bytes;
  });
}

/**
 * Requests per minute per API key, or per user for other tokens: 429 with the usual error body (and the
 * x-ratelimit-* and retry-after headers) past `perMinute`. Counters live in this process. Runs after
 * authentication, so the key is known; 0 turns it off.
 */
export function rateLimitHook(app: FastifyInstance, perMinute: number) {
  if (perMinute <= 0) return null;
  return app.rateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => {
      const client = apiClientOf(request);
      if (client) return `iot-key:${client.clientId}`;
      return `iot-user:${request.actor?.userId ?? request.ip}`;
    },
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'too_many_requests',
        `Rate limit exceeded: ${perMinute} requests per minute. Retry in ${Math.max(1, Math.ceil(context.ttl / 1000))} s.`,
      ),
  });
}

import type { FastifyInstance } from 'fastify';
import { type AppMetrics, UNMATCHED_ROUTE } from './metrics.ts';

/**
 * Counts and times every answered request by its route pattern (`/iot/v2/things/:id`), never its URL: ids
 * and query strings would make a series per resource. Install on the root instance before any route.
 */
export function installHttpMetrics(app: FastifyInstance, metrics: AppMetrics) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}

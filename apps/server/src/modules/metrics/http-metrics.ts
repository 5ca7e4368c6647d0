import type { FastifyInstance } from 'fastify';
import { type AppMetrics, UNMATCHED_ROUTE } from './metrics.ts';

/** The label of every file the web app's build serves (a route each, named after the file's hashed name). */
export const STATIC_FILE_ROUTE = '(static file)';

/** A route that is one file (`/assets/index-3f2a.js`, `/theme.js`): hashed names would make a series per build. */
const isFileRoute = (route: string) => /\.[a-z0-9]+$/i.test(route) && !route.includes(':');

export const routeLabel = (route: string | undefined) =>
  route === undefined ? UNMATCHED_ROUTE : isFileRoute(route) ? STATIC_FILE_ROUTE : route;

/**
 * Counts and times every answered request by its route pattern (`/iot/v2/things/:id`), never its URL: ids
 * and query strings would make a series per resource. Install on the root instance before any route.
 */
export function installHttpMetrics(app: FastifyInstance, metrics: AppMetrics) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      routeLabel(request.routeOptions.url),
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}

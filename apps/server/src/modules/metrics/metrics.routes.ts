import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../http/api-route.ts';
import { operatorRoute } from '../../http/route-access.ts';
import type { AppMetrics } from './metrics.ts';

/**
 * `GET /metrics`, Prometheus's text format. An operator's token, the admin CLI's credential, or (unless
 * `METRICS_LOOPBACK=false`) any direct connection from this machine without a token; anyone else is told what
 * every admin route tells them: 401 without a token, 404 with a non-operator's (README beside this file).
 */
export const metricsRoutes: FastifyPluginAsync<{ metrics: AppMetrics; loopback: boolean }> = async (
  app,
  { metrics, loopback },
) => {
  const route = apiRoutes(app, { tags: ['admin'] });
  route.get(
    '/metrics',
    operatorRoute({ loopback }),
    {
      summary:
        'Prometheus metrics: HTTP requests, MQTT, ingest commits, queues, the process (event loop, memory)',
      // Prometheus's own content type, as prom-client names it (text format 0.0.4).
      media: 'text/plain; version=0.0.4; charset=utf-8',
      response: { 200: z.string().describe('Prometheus text exposition format') },
    },
    async () => (await metrics.scrape()).body,
  );
};

import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { LastErrors } from '../../http/last-errors.ts';
import type { BrokerStats } from '../connectivity/broker-stats.ts';
import { instanceHealthRoutes } from '../instance-health/instance-health.routes.ts';
import { createInstanceHealth } from '../instance-health/instance-health.service.ts';
import { installHttpMetrics } from './http-metrics.ts';
import { metricsRoutes } from './metrics.routes.ts';
import { createAppMetrics } from './metrics.ts';

/**
 * What the operator watches (issue 27 item 5): `GET /admin/v1/health` and `GET /metrics`, and the request
 * hook behind the HTTP metrics. Call it on the root instance before any route, so every route is counted.
 */
export async function registerObservability(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: DatabaseHandle;
    lastErrors: LastErrors;
    broker?: BrokerStats | undefined;
    servedCertificate?: (() => string | null) | undefined;
  },
) {
  const health = createInstanceHealth({
    config: deps.config,
    database: deps.database,
    startedAt: new Date(),
    broker: deps.broker,
    lastErrors: deps.lastErrors,
    ...(deps.servedCertificate && { servedCertificate: deps.servedCertificate }),
    logger: app.log,
  });
  const metrics = createAppMetrics({ broker: deps.broker, queueDepths: health.queueDepths });
  installHttpMetrics(app, metrics);
  app.addHook('onClose', async () => metrics.close());
  await app.register(instanceHealthRoutes, { health });
  await app.register(metricsRoutes, { metrics, loopback: deps.config.metrics.loopback });
}

import { instanceHealthSchema } from '@tinkercloud/shared';
import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../http/api-route.ts';
import { operatorRoute } from '../../http/route-access.ts';
import type { InstanceHealthService } from './instance-health.service.ts';

/** The operator's view of this server process (issue 27 item 5): what runs, how big, what waits, what failed. */
export const instanceHealthRoutes: FastifyPluginAsync<{ health: InstanceHealthService }> = async (
  app,
  { health },
) => {
  const route = apiRoutes(app, { tags: ['admin'] });
  route.get(
    '/admin/v1/health',
    operatorRoute(),
    {
      summary:
        'This server process: version, uptime, database, stored values, broker, mail, TLS, queues, last errors',
      response: { 200: instanceHealthSchema },
    },
    async () => health.health(),
  );
};

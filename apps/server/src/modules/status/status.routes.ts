import { statusFeedSchema } from '@tinkercloud/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoute } from '../../http/route-access.ts';
import { type ComponentCheck, computeStatus } from './status.service.ts';

const feedSchema = statusFeedSchema.extend({
  components: z.array(z.object({ name: z.string(), status: z.enum(['operational', 'major_outage']) })),
});

/** Public status feed (spec 7.6), polled by the SPA every 5 minutes; no sign-in needed. */
export const statusRoutes: FastifyPluginAsync<{ components: ComponentCheck[] }> = async (
  app,
  { components },
) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/status/api/v2/status.json',
    {
      config: publicRoute(),
      schema: { tags: ['system'], summary: 'System status feed', response: { 200: feedSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return computeStatus(components);
    },
  );
};

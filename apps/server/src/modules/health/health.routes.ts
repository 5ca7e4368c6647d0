import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import { publicRoute } from '../../http/route-access.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  uptime: z.number(),
});

/** Liveness and readiness in one: 200 when the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsync<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/healthz',
    {
      config: publicRoute(),
      schema: {
        tags: ['system'],
        summary: 'Health check',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      let db: 'ok' | 'down' = 'ok';
      try {
        await database.ping();
      } catch (err) {
        request.log.warn({ err }, 'health: database ping failed');
        db = 'down';
      }
      const body = {
        status: db === 'ok' ? 'ok' : 'degraded',
        database: db,
        uptime: process.uptime(),
      } as const;
      return reply.status(db === 'ok' ? 200 : 503).send(body);
    },
  );
};

import { countriesResponseSchema, kitsResponseSchema } from '@tinkercloud/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/auth.plugin.ts';
import { publicRoute, signedInRoute, spaceParamRoute } from '../../http/route-access.ts';
import { errors, security } from '../../http/route-schemas.ts';
import { spaceIdParam } from '../spaces/spaces.schemas.ts';
import type { CatalogueService } from './catalogue.service.ts';

/** Countries (public) and the kits and courses lists (spec 7.3). */
export const catalogueRoutes: FastifyPluginAsync<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/countries/v1',
    {
      config: publicRoute(),
      schema: {
        tags: ['catalogue'],
        summary: 'ISO 3166-1 countries, sorted by name (public)',
        response: { 200: countriesResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return catalogue.countries();
    },
  );

  typed.get(
    '/education/v2/kits',
    {
      config: signedInRoute(),
      onRequest: app.authenticate,
      schema: {
        tags: ['catalogue'],
        security,
        summary: 'Kits and courses for My Cloud',
        response: { 200: kitsResponseSchema, ...errors },
      },
    },
    async () => catalogue.myCloudKits(),
  );

  typed.get(
    '/classroom/v1/organizations/:id/kits',
    {
      config: spaceParamRoute('space.read'),
      onRequest: app.authenticate,
      schema: {
        tags: ['catalogue'],
        security,
        summary: 'Kits and courses of a school space (members; not for team spaces)',
        params: spaceIdParam,
        response: { 200: kitsResponseSchema, ...errors },
      },
    },
    async (request) => catalogue.spaceKits(actorOf(request).userId, request.params.id),
  );
};

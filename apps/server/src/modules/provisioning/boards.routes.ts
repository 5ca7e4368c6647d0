import { boardListSchema } from '@tinkercloud/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInRoute } from '../../http/route-access.ts';
import { errors, security } from '../../http/route-schemas.ts';
import { BOARDS } from '../iot/catalogue/boards.ts';

/** The boards of our catalogue for the web app's onboarding (spec 7.4): the same list as /iot/v1/supported/devices. */
export const boardsRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const boards = { boards: [...BOARDS] };
  app.addHook('onRequest', app.authenticate);
  typed.get(
    '/boards/v1/boards',
    {
      config: signedInRoute(),
      schema: {
        tags: ['provisioning'],
        security,
        summary: 'Boards that can be onboarded, from the catalogue /iot/v1/supported/devices also lists',
        response: { 200: boardListSchema, ...errors },
      },
    },
    async () => boards,
  );
};

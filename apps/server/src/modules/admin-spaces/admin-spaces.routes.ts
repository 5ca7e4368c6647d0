import {
  adminSpaceSchema,
  adminSpacesPageSchema,
  adminSpacesQuerySchema,
  grantPlanBodySchema,
  spaceDeletionSummarySchema,
  transferOwnerBodySchema,
} from '@tinkercloud/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../http/api-route.ts';
import { operatorRoute } from '../../http/route-access.ts';
import { operatorOf } from '../plans/admin-plans.routes.ts';
import type { AdminSpacesService } from './admin-spaces.service.ts';

const idParams = z.object({ id: z.uuid().describe('The space') });

/** The console's spaces (issue 27): operators only, 404 to anyone else. */
export const adminSpacesRoutes: FastifyPluginAsync<{ spaces: AdminSpacesService }> = async (
  app,
  { spaces },
) => {
  app.addHook('onRequest', app.authenticate);
  const route = apiRoutes(app, { tags: ['admin: spaces'] });

  route.get(
    '/admin/v1/spaces',
    operatorRoute(),
    {
      summary:
        'Every school and team space: plan, seats, members, owner and usage (search, type, sort, pages)',
      querystring: adminSpacesQuerySchema,
      response: { 200: adminSpacesPageSchema },
    },
    async (request) => spaces.list(request.query),
  );

  route.post(
    '/admin/v1/spaces/:id/plan',
    operatorRoute(),
    {
      summary: "Set a space's plan, seats and end date (none: no end)",
      params: idParams,
      body: grantPlanBodySchema,
      response: { 200: adminSpaceSchema },
    },
    async (request) => spaces.grantPlan(operatorOf(request), request.params.id, request.body),
  );

  route.put(
    '/admin/v1/spaces/:id/owner',
    operatorRoute(),
    {
      summary: 'Make a member the owner (an admin); the previous owner stays an admin',
      params: idParams,
      body: transferOwnerBodySchema,
      response: { 200: adminSpaceSchema },
    },
    async (request) => spaces.transferOwner(operatorOf(request), request.params.id, request.body.user_id),
  );

  route.get(
    '/admin/v1/spaces/:id/deletion',
    operatorRoute(),
    {
      summary: 'What deleting the space takes with it',
      params: idParams,
      response: { 200: spaceDeletionSummarySchema },
    },
    async (request) => spaces.deletion(request.params.id),
  );

  route.delete(
    '/admin/v1/spaces/:id',
    operatorRoute(),
    {
      summary: 'Delete the space with its members, devices and data',
      params: idParams,
      status: 204,
      empty: true,
    },
    async (request) => spaces.remove(operatorOf(request), request.params.id),
  );
};

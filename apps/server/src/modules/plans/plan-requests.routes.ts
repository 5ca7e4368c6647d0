import {
  createPlanRequestBodySchema,
  decidePlanRequestBodySchema,
  PLAN_REQUEST_STATUSES,
  planRequestListSchema,
  planRequestSchema,
} from '@tinkercloud/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/auth.plugin.ts';
import { apiRoutes } from '../../http/api-route.ts';
import { operatorRoute, signedInRoute } from '../../http/route-access.ts';
import { operatorOf } from './admin-plans.routes.ts';
import type { PlanRequestsService } from './plan-requests.service.ts';

const idParams = z.object({ id: z.uuid().describe('The plan request') });

/** Plan requests (issue 27): the user's side under /plans, the operator's under /admin. */
export const planRequestsRoutes: FastifyPluginAsync<{ requests: PlanRequestsService }> = async (
  app,
  { requests },
) => {
  app.addHook('onRequest', app.authenticate);
  const mine = apiRoutes(app, { tags: ['plans'] });
  const admin = apiRoutes(app, { tags: ['admin: plans'] });

  mine.get(
    '/plans/v1/requests',
    signedInRoute(),
    { summary: "The caller's plan requests, newest first", response: { 200: planRequestListSchema } },
    async (request) => requests.mine(actorOf(request).userId),
  );

  mine.post(
    '/plans/v1/requests',
    signedInRoute(),
    {
      summary:
        'Ask the operator for a plan for My Cloud, or for a space the caller administers (one pending request each)',
      body: createPlanRequestBodySchema,
      response: { 201: planRequestSchema },
      status: 201,
    },
    async (request) => requests.create(actorOf(request).userId, request.body),
  );

  mine.delete(
    '/plans/v1/requests/:id',
    signedInRoute(),
    {
      summary: 'Withdraw a pending plan request of the caller',
      params: idParams,
      response: { 200: planRequestSchema },
    },
    async (request) => requests.withdraw(actorOf(request).userId, request.params.id),
  );

  admin.get(
    '/admin/v1/plan-requests',
    operatorRoute(),
    {
      summary: 'Plan requests, newest first (of one status when given)',
      querystring: z.object({ status: z.enum(PLAN_REQUEST_STATUSES).optional() }),
      response: { 200: planRequestListSchema },
    },
    async (request) => requests.list(request.query.status),
  );

  admin.post(
    '/admin/v1/plan-requests/:id/grant',
    operatorRoute(),
    {
      summary: 'Grant the plan asked for (until ends_at, else without an end); the user is told',
      params: idParams,
      body: decidePlanRequestBodySchema,
      response: { 200: planRequestSchema },
    },
    async (request) => requests.grant(operatorOf(request), request.params.id, request.body),
  );

  admin.post(
    '/admin/v1/plan-requests/:id/decline',
    operatorRoute(),
    {
      summary: 'Decline a plan request with a note; the user is told',
      params: idParams,
      body: decidePlanRequestBodySchema,
      response: { 200: planRequestSchema },
    },
    async (request) => requests.decline(operatorOf(request), request.params.id, request.body),
  );
};

import {
  adminPlanSchema,
  adminPlansSchema,
  operatorPlanLimitsSchema,
  planDefaultsSchema,
} from '@tinkercloud/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/auth.plugin.ts';
import { apiRoutes } from '../../http/api-route.ts';
import { operatorRoute } from '../../http/route-access.ts';
import type { AdminPlansService, OperatorActor } from './admin-plans.service.ts';

const tags = ['admin: plans'];

const planParams = z.object({
  plan: z.string().min(1).max(64).describe('A plan id of the catalogue, or "free" for the free tier'),
});

/** The operator acting, as the audit log records them. */
export const operatorOf = (request: FastifyRequest): OperatorActor => ({
  userId: actorOf(request).userId,
  ip: request.ip,
});

/** The console's plan settings (issue 27): operators only, 404 to anyone else. */
export const adminPlansRoutes: FastifyPluginAsync<{ plans: AdminPlansService }> = async (app, { plans }) => {
  app.addHook('onRequest', app.authenticate);
  const route = apiRoutes(app, { tags });

  route.get(
    '/admin/v1/plans',
    operatorRoute(),
    {
      summary:
        "Every plan's numbers (the operator's and the built-in ones), the free tier's, and the defaults",
      response: { 200: adminPlansSchema },
    },
    async () => plans.list(),
  );

  route.put(
    '/admin/v1/plans/:plan',
    operatorRoute(),
    {
      summary: "Set a plan's limits (or the free tier's); every check applies them from the next request",
      params: planParams,
      body: z.object({ limits: operatorPlanLimitsSchema }),
      response: { 200: adminPlanSchema },
    },
    async (request) => plans.setLimits(operatorOf(request), request.params.plan, request.body.limits),
  );

  route.delete(
    '/admin/v1/plans/:plan',
    operatorRoute(),
    {
      summary: "Put a plan's built-in limits back",
      params: planParams,
      response: { 200: adminPlanSchema },
    },
    async (request) => plans.reset(operatorOf(request), request.params.plan),
  );

  route.put(
    '/admin/v1/plan-defaults',
    operatorRoute(),
    {
      summary: 'Set the plans a new account, school space and team space start on (null: none)',
      body: planDefaultsSchema,
      response: { 200: planDefaultsSchema },
    },
    async (request) => plans.setDefaults(operatorOf(request), request.body),
  );
};

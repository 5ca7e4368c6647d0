import { recapSchema } from '@tinkercloud/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../auth/auth.plugin.ts';
import { signedInRoute, spaceRoute } from '../../http/route-access.ts';
import { errors, security } from '../../http/route-schemas.ts';
import type { PlansService } from './plans.service.ts';

const tags = ['plans'];

const limitsSchema = recapSchema.shape.limits;
const planCatalogueResponseSchema = z.object({
  plans: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      scope: z.enum(['user', 'pro', 'edu']),
      limits: limitsSchema,
    }),
  ),
});
const renewalParams = z.object({
  renewal_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .describe('The renewal id the operator handed out'),
});
const activationResponseSchema = z.object({ plan_id: z.string(), message: z.string() });
const recapHeaders = z.object({
  'x-organization': z
    .union([z.literal('my-cloud'), z.uuid()])
    .optional()
    .describe('The space; omitted (or "my-cloud") for My Cloud'),
});

/** Plans and quotas (spec 3 "Plan recap", section 9). */
export const plansRoutes: FastifyPluginAsync<{ plans: PlansService }> = async (app, { plans }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  typed.get(
    '/restrictions/v1/plans',
    {
      config: signedInRoute(),
      schema: {
        tags,
        security,
        summary: 'The plan catalogue with the limits of each plan',
        response: { 200: planCatalogueResponseSchema, ...errors },
      },
    },
    async () => plans.catalogue(),
  );

  typed.get(
    '/restrictions/v1/recap/me',
    {
      config: spaceRoute('plan.read'),
      schema: {
        tags,
        security,
        summary: 'Plans, usage and limits of My Cloud or of the space named by X-Organization',
        headers: recapHeaders,
        response: { 200: recapSchema, ...errors },
      },
    },
    async (request) => {
      const org = request.headers['x-organization'];
      return plans.recap(actorOf(request).userId, org === 'my-cloud' ? undefined : org);
    },
  );

  typed.post(
    '/restrictions/v1/renewals/:renewal_id/activate',
    {
      config: signedInRoute(),
      schema: {
        tags,
        security,
        summary: "Activate a plan renewal (once) for the caller's My Cloud or a space they manage",
        params: renewalParams,
        response: { 200: activationResponseSchema, ...errors },
      },
    },
    async (request) => plans.activateRenewal(actorOf(request).userId, request.params.renewal_id),
  );
};

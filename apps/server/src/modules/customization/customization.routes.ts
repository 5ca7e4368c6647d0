import { brandingSchema, customizationRecordSchema, updateBrandingBodySchema } from '@tinkercloud/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../auth/auth.plugin.ts';
import { publicRoute, signedInRoute, spaceParamRoute } from '../../http/route-access.ts';
import { errors, security } from '../../http/route-schemas.ts';
import type { CustomizationService } from './customization.service.ts';

const tags = ['customization'];
const orgParams = z.object({ organization_id: z.uuid() });
const companyParams = z.object({ companyKey: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
// `already_accepted` tells a browser whose token still lacks the claim that nothing new was recorded.
const acceptedSchema = z.object({ accepted: z.literal(true), already_accepted: z.boolean() });
const deploymentSchema = z.object({ organization_id: z.string(), organization_name: z.string() });

/** The customization host of ARCHITECTURE.md (`/customization`): branding, company sign-in, branded hosts. */
export const customizationRoutes: FastifyPluginAsync<{ customization: CustomizationService }> = async (
  app,
  { customization },
) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/customization/v1/customizable/ofOrg/:organization_id',
    {
      config: publicRoute(),
      // Signed-in callers are identified when they send a token; branded deployments answer without one.
      onRequest: async (request) => {
        if (request.headers.authorization) await app.authenticate(request);
      },
      schema: {
        tags,
        summary: 'Branding of a team space (public for branded deployments, else for its members)',
        params: orgParams,
        response: { 200: brandingSchema, ...errors },
      },
    },
    async (request) => customization.branding(request.params.organization_id, request.actor?.userId ?? null),
  );

  typed.put(
    '/customization/v1/customizable/ofOrg/:organization_id',
    {
      config: spaceParamRoute('branding.update', 'organization_id'),
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Change the branding of a team space (policy URL, custom terms)',
        params: orgParams,
        body: updateBrandingBodySchema,
        response: { 200: brandingSchema, ...errors },
      },
    },
    async (request) =>
      customization.updateBranding(actorOf(request).userId, request.params.organization_id, request.body),
  );

  typed.get(
    '/customization/v1/customizable/:companyKey',
    {
      config: publicRoute(),
      schema: {
        tags,
        summary: 'A company-customised sign-in record (public)',
        params: companyParams,
        response: { 200: customizationRecordSchema, ...errors },
      },
    },
    async (request) => customization.record(request.params.companyKey),
  );

  typed.post(
    '/customization/v1/users/TosAcceptance/:companyKey',
    {
      config: signedInRoute(),
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Record the caller's acceptance of a company's terms (201; 200 when accepted before)",
        params: companyParams,
        response: { 200: acceptedSchema, 201: acceptedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await customization.acceptTerms(
        actorOf(request).userId,
        request.params.companyKey,
        request.log,
      );
      return reply.status(result.created ? 201 : 200).send(result.body);
    },
  );

  typed.get(
    '/customization/v1/deployments/by-host',
    {
      config: publicRoute(),
      schema: {
        tags,
        summary: 'The space a branded host ({slug}.{BASE_HOST}) belongs to (public)',
        querystring: z.object({ host: z.string().min(1).max(260) }),
        response: { 200: deploymentSchema, ...errors },
      },
    },
    async (request) => customization.deploymentByHost(request.query.host),
  );
};

import {
  createSpaceBodySchema,
  joinCodeResponseSchema,
  joinCodeSchema,
  organizationsResponseSchema,
  selfInvitationBodySchema,
  spaceSchema,
  updateSpaceBodySchema,
  validateCodeResponseSchema,
} from '@tinkercloud/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../auth/auth.plugin.ts';
import { AppError } from '../../errors.ts';
import { signedInRoute, spaceParamRoute } from '../../http/route-access.ts';
import { errors, noContent, security } from '../../http/route-schemas.ts';
import { selfInvitationResponseSchema, spaceIdParam } from './spaces.schemas.ts';
import { INVALID_CODE, type SpacesService } from './spaces.service.ts';

const tags = ['spaces'];

/**
 * Join codes are 40-bit secrets: guessing is throttled per signed-in user (a class joining at once is 30
 * users, each trying a few times).
 */
const JOIN_CODE_RATE_LIMIT = {
  max: 20,
  timeWindow: '10 minutes',
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => `join-code:${request.actor?.userId ?? request.ip}`,
} as const;

/** Spaces of spec 7.3 and the join-by-code calls of 7.2 / 4.5. HTTP only: the service decides. */
export const spacesRoutes: FastifyPluginAsync<{ spaces: SpacesService }> = async (app, { spaces }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  typed.get(
    '/classroom/v1/organizations',
    {
      config: signedInRoute(),
      schema: {
        tags,
        security,
        summary: "The caller's spaces (My Cloud is not listed: the web app adds it first)",
        response: { 200: organizationsResponseSchema, ...errors },
      },
    },
    async (request) => ({ organizations: await spaces.list(actorOf(request).userId) }),
  );

  typed.post(
    '/classroom/v1/organizations',
    {
      config: signedInRoute(),
      schema: {
        tags,
        security,
        summary: 'Create a school (edu) or team (pro) space; the creator becomes its admin',
        body: createSpaceBodySchema,
        response: { 201: spaceSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await spaces.create(actorOf(request).userId, request.body)),
  );

  typed.patch(
    '/classroom/v1/organizations/:id',
    {
      config: spaceParamRoute('space.update'),
      schema: {
        tags,
        security,
        summary: 'Update name, type or country (400 "Nothing to update" without any)',
        params: spaceIdParam,
        body: updateSpaceBodySchema.nullish(),
        response: { 200: spaceSchema, ...errors },
      },
    },
    async (request) => spaces.update(actorOf(request).userId, request.params.id, request.body),
  );

  typed.delete(
    '/classroom/v1/organizations/:id',
    {
      config: spaceParamRoute('space.delete'),
      schema: {
        tags,
        security,
        summary: 'Delete a space with its members, logos and branding (admins)',
        params: spaceIdParam,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await spaces.remove(actorOf(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  typed.get(
    '/classroom/v1/organizations/:id/code',
    {
      config: spaceParamRoute('space.code.read'),
      schema: {
        tags,
        security,
        summary: 'The join code of a space',
        params: spaceIdParam,
        response: { 200: joinCodeResponseSchema, ...errors },
      },
    },
    async (request) => spaces.code(actorOf(request).userId, request.params.id),
  );

  typed.get(
    '/users/v1/organizations/validate',
    {
      config: { ...signedInRoute(), rateLimit: JOIN_CODE_RATE_LIMIT },
      // A malformed code answers the spec's words, not a schema message.
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Which space a join code opens and whether it takes new members now',
        querystring: z.object({ code: joinCodeSchema }),
        response: { 200: validateCodeResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (request.validationError) throw new AppError('bad_request', INVALID_CODE);
      return spaces.validateCode(actorOf(request).userId, request.query.code);
    },
  );

  typed.post(
    '/classroom/v1/organizations/self-invitation/members',
    {
      config: { ...signedInRoute(), rateLimit: JOIN_CODE_RATE_LIMIT },
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Join a space by code (201); 200 with already_member when the caller belongs there',
        body: selfInvitationBodySchema,
        response: { 200: selfInvitationResponseSchema, 201: selfInvitationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (request.validationError) throw new AppError('bad_request', INVALID_CODE);
      const result = await spaces.join(actorOf(request).userId, request.body.code);
      return reply.status(result.joined ? 201 : 200).send(result.body);
    },
  );
};

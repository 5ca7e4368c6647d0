import {
  API_CLIENT_NAME_MAX_LENGTH,
  API_CLIENT_NAME_PATTERN,
  apiClientSchema,
  apiClientCreatedSchema as createdSchema,
  singleLineText,
} from '@tinkercloud/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../../http/api-route.ts';
import { publicRoute, spaceRoute } from '../../../http/route-access.ts';
import { errors } from '../../../http/route-schemas.ts';
import { MEDIA } from '../common/media-types.ts';
import { spaceRequestOf } from '../common/space.ts';
import type { ApiClientsService } from './api-clients.service.ts';

const tags = ['iot: API keys'];

const clientIdParam = z.object({ id: z.string().regex(/^[A-Za-z0-9]{32}$/, 'a 32-character client id') });
const createBody = z.object({
  name: z
    .string()
    .min(1)
    .max(API_CLIENT_NAME_MAX_LENGTH)
    .regex(API_CLIENT_NAME_PATTERN, 'letters, digits, spaces and _ . - only'),
});

/** API keys of the caller in the selected space (spec 7.4 `GET /iot/v1/clients`). */
export const apiClientsRoutes: FastifyPluginAsync<{ clients: ApiClientsService }> = async (
  app,
  { clients },
) => {
  const route = apiRoutes(app, { tags });
  const space = spaceRequestOf;

  route.get(
    '/iot/v1/clients',
    spaceRoute('api_clients.manage'),
    {
      summary: "The caller's API keys in the space (X-Organization; absent = My Cloud)",
      response: { 200: z.array(apiClientSchema) },
      media: MEDIA.json,
    },
    async (request) => clients.list(space(request)),
  );

  route.post(
    '/iot/v1/clients',
    spaceRoute('api_clients.manage'),
    {
      summary: 'Create an API key; the secret is in this answer only (412 past the plan limit)',
      body: createBody,
      response: { 201: createdSchema },
    },
    async (request, reply) => reply.status(201).send(await clients.create(space(request), request.body.name)),
  );

  route.get(
    '/iot/v1/clients/:id',
    spaceRoute('api_clients.manage'),
    {
      summary: 'One API key (without its secret)',
      params: clientIdParam,
      response: { 200: apiClientSchema },
    },
    async (request) => clients.get(space(request), request.params.id),
  );

  route.delete(
    '/iot/v1/clients/:id',
    spaceRoute('api_clients.manage'),
    {
      summary: 'Revoke an API key: its tokens stop working within seconds',
      params: clientIdParam,
      empty: true,
    },
    async (request) => clients.remove(space(request), request.params.id),
  );
};

const tokenBody = z.object({
  grant_type: z.literal('client_credentials').describe('Only the client-credentials grant'),
  client_id: singleLineText().min(1).max(128),
  client_secret: singleLineText().min(1).max(256),
  audience: z.string().max(256).optional().describe('Ignored: tokens are always for this server'),
  organization_id: z
    .union([z.uuid(), z.literal('my-cloud')])
    .optional()
    .describe('The space the token acts in (X-Organization on the token request does the same)'),
});
const tokenSchema = z.object({
  access_token: z.string(),
  expires_in: z.number().int(),
  token_type: z.literal('Bearer'),
});

/** The OAuth2 client-credentials token endpoint, public (`tokenUrl` of the upstream spec). */
export const clientTokenRoutes: FastifyPluginAsync<{ clients: ApiClientsService }> = async (
  app,
  { clients },
) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/iot/v1/clients/token',
    {
      config: {
        ...publicRoute(),
        rateLimit: {
          max: 60,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => {
            const body = request.body as { client_id?: unknown } | undefined;
            return `iot-token:${request.ip}:${typeof body?.client_id === 'string' ? body.client_id : ''}`;
          },
        },
      },
      schema: {
        tags,
        summary: 'Client-credentials token (form or JSON body); the JWT carries the user id',
        body: tokenBody,
        response: { 200: tokenSchema, ...errors },
      },
    },
    async (request, reply) => {
      const header = request.headers['x-organization'];
      const fromHeader = typeof header === 'string' && header.trim() !== '' ? header.trim() : undefined;
      const organizationId = request.body.organization_id ?? fromHeader;
      const token = await clients.issueToken({
        clientId: request.body.client_id,
        clientSecret: request.body.client_secret,
        organizationId,
      });
      return reply.header('cache-control', 'no-store').send(token);
    },
  );
};

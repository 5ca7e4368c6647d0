import { networkCredentialSchema } from '@tinkercloud/shared/iot';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../../errors.ts';
import { apiRoutes } from '../../../http/api-route.ts';
import { signedInRoute } from '../../../http/route-access.ts';
import { CONNECTION_TYPES } from '../catalogue/boards.ts';
import { MEDIA } from '../common/media-types.ts';
import { credentialsByConnection, credentialsFor } from './network-credentials.ts';

const credentialSchema = networkCredentialSchema;
const typeParam = z.object({
  type: z
    .string()
    .max(64)
    .regex(/^[a-z0-9_-]+$/, 'a device type such as unor4wifi')
    .describe('Device type'),
});
const tags = ['iot: network credentials'];

/**
 * What a sketch of a device type needs to reach the network (`arduino_secrets.h`), per connection: the
 * device page's network configuration and arduino-cloud-cli's `device list` read it. A catalogue, the same
 * for every space, so it asks only for a signed-in caller.
 */
export const networkCredentialsRoutes: FastifyPluginAsync = async (app) => {
  const route = apiRoutes(app, { tags });

  route.get(
    '/iot/v1/network_credentials/:type',
    signedInRoute(),
    {
      summary: "The credentials a connection of the device type needs (connection: else the type's first)",
      params: typeParam,
      querystring: z.object({ connection: z.enum(CONNECTION_TYPES).optional() }),
      response: { 200: z.array(credentialSchema) },
    },
    async (request, reply) => {
      const list = credentialsFor(request.params.type, request.query.connection);
      if (!list) throw notFound('Device type');
      return reply.type(MEDIA.credentials).send(list);
    },
  );

  route.get(
    '/iot/v1/network_credentials/:type/connections',
    signedInRoute(),
    {
      summary: 'The credentials of every connection, empty for those the device type does not offer',
      params: typeParam,
      response: {
        200: z.object(Object.fromEntries(CONNECTION_TYPES.map((c) => [c, z.array(credentialSchema)]))),
      },
    },
    async (request, reply) => {
      const all = credentialsByConnection(request.params.type);
      if (!all) throw notFound('Device type');
      return reply.type(MEDIA.connections).send(all);
    },
  );
};

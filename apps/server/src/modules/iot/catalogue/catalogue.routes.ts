import { propertyTypeListSchema } from '@tinkercloud/shared/iot';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInRoute } from '../../../http/route-access.ts';
import { errors, security } from '../../../http/route-schemas.ts';
import { MEDIA } from '../common/media-types.ts';
import { BOARDS } from './boards.ts';
import { PROPERTY_TYPES } from './property-types.ts';

const boardSchema = z.object({
  fqbn: z.string().optional(),
  label: z.string(),
  type: z.string(),
  vendor: z.string(),
  tags: z.array(z.string()),
  provisioning: z.string().optional(),
  min_provisioning_sketch_version: z.string().optional(),
  min_provisioning_wifi_version: z.string().optional(),
  ota_available: z.boolean().optional(),
});

/** Read-only catalogues: property types (spec 7.4) and the boards arduino-cloud-cli asks for. */
export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const propertyTypes = [...PROPERTY_TYPES];
  const boards = [...BOARDS];

  typed.get(
    '/iot/v1/property_types',
    {
      config: signedInRoute(),
      schema: {
        tags: ['iot: property types'],
        security,
        summary: 'Every property type with its C++ declaration, units and voice assistants',
        response: { 200: propertyTypeListSchema, ...errors },
      },
    },
    async (_request, reply) => reply.type(MEDIA.propertyTypes).send(propertyTypes),
  );

  typed.get(
    '/iot/v1/supported/devices',
    {
      config: signedInRoute(),
      schema: {
        tags: ['iot: devices'],
        security,
        summary: 'Boards that can be added as devices',
        response: { 200: z.array(boardSchema), ...errors },
      },
    },
    async (_request, reply) => reply.type(MEDIA.json).send(boards),
  );
};

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, security } from '../../http/route-schemas.ts';
import { BOARDS } from '../iot/catalogue/boards.ts';

const boardSchema = z.object({
  fqbn: z.string().optional().describe('Fully qualified board name, when the board has one'),
  label: z.string().describe('The name shown'),
  type: z.string().describe('The device type to create (`PUT /iot/v2/devices` type)'),
  vendor: z.string(),
  tags: z
    .array(z.string())
    .describe('Connectivity and credentials: wifi, eth, gsm, nb, cellular, secret key'),
  provisioning: z.string().optional().describe('Provisioning protocol version (v1, v2) when it has one'),
  min_provisioning_sketch_version: z.string().optional(),
  min_provisioning_wifi_version: z.string().optional(),
  ota_available: z.boolean().optional(),
});

/** The boards of our catalogue for the web app's onboarding (spec 7.4): the same list as /iot/v1/supported/devices. */
export const boardsRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const boards = { boards: [...BOARDS] };
  app.addHook('onRequest', app.authenticate);
  typed.get(
    '/boards/v1/boards',
    {
      schema: {
        tags: ['provisioning'],
        security,
        summary: 'Boards that can be onboarded, from the catalogue /iot/v1/supported/devices also lists',
        response: { 200: z.object({ boards: z.array(boardSchema) }), ...errors },
      },
    },
    async () => boards,
  );
};

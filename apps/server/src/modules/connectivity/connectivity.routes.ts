import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { spaceRoute } from '../../http/route-access.ts';
import { errors, security } from '../../http/route-schemas.ts';
import { idParam } from '../iot/common/schemas.ts';
import { spaceRequestOf } from '../iot/common/space.ts';
import type { DeviceConnectivityService } from './device-connectivity.service.ts';

const connectivitySchema = z.object({
  device_id: z.uuid(),
  device_status: z.enum(['ONLINE', 'OFFLINE', 'UNKNOWN']),
  last_activity_at: z.string().nullable(),
  lib_version: z.string().nullable(),
  wifi_fw_version: z.string().nullable(),
  net_config: z.object({ adapter: z.number(), params: z.array(z.unknown()) }).nullable(),
  rejected_values: z.number().int().describe('Values this device sent that were refused (never stored)'),
  rejected_messages: z
    .number()
    .int()
    .describe(
      'Messages refused whole, unread: over the maximum MQTT packet size (the connection was closed) or over the device message rate (dropped)',
    ),
  last_rejection: z
    .object({ at: z.string(), topic: z.string(), name: z.string(), reason: z.string() })
    .nullable()
    .describe('The latest refusal and why'),
});

/**
 * Our extension beside the upstream device routes: what the broker knows of a device, including the count of
 * values it sent that were refused (malformed, unknown names, wrong types) and of messages refused whole (too
 * large, over its rate).
 */
export const deviceConnectivityRoutes: FastifyPluginAsync<{
  connectivity: DeviceConnectivityService;
}> = async (app, { connectivity }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/iot/v2/devices/:id/connectivity',
    {
      config: spaceRoute('iot.read'),
      schema: {
        tags: ['iot: devices'],
        security,
        summary: 'What the broker knows of the device: status, versions, network, refused values',
        params: idParam,
        response: { 200: connectivitySchema, ...errors },
      },
    },
    async (request) => connectivity.show(spaceRequestOf(request), request.params.id),
  );
};

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { errors, idParam, security } from '../iot/common/schemas.ts';
import { type SpaceResolver, spaceRequestOf } from '../iot/common/space.ts';
import { createDevicesRepository } from '../iot/devices/devices.repository.ts';
import { createConnectivityRepository } from './connectivity.repository.ts';

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
export const deviceConnectivityRoutes: FastifyPluginAsync<{ db: Database; resolve: SpaceResolver }> = async (
  app,
  { db, resolve },
) => {
  const devices = createDevicesRepository(db);
  const repo = createConnectivityRepository(db);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/iot/v2/devices/:id/connectivity',
    {
      schema: {
        tags: ['iot: devices'],
        security,
        summary: 'What the broker knows of the device: status, versions, network, refused values',
        params: idParam,
        response: { 200: connectivitySchema, ...errors },
      },
    },
    async (request) => {
      const space = await resolve(spaceRequestOf(request), 'iot.read');
      const rec = await devices.find(space, request.params.id);
      if (!rec) throw notFound('Device');
      const { device } = rec;
      const extra = await repo.connectivity(device.id);
      return {
        device_id: device.id,
        device_status: device.status,
        last_activity_at: device.lastActivityAt?.toISOString() ?? null,
        lib_version: device.libVersion,
        wifi_fw_version: device.wifiFwVersion,
        net_config: extra?.netConfig ?? null,
        rejected_values: extra?.rejectedValues ?? 0,
        rejected_messages: extra?.rejectedMessages ?? 0,
        last_rejection: extra?.lastRejection ?? null,
      };
    },
  );
};

import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createDevicesRepository } from '../iot/devices/devices.repository.ts';
import type { EventBus } from '../live/live-event.ts';
import type { StreamRegistry } from '../live/stream-registry.ts';
import { createSpaceResolver } from '../spaces/space-access.ts';
import { boardsRoutes } from './boards.routes.ts';
import { provisioningRoutes } from './provisioning.routes.ts';
import { createProvisioningService } from './provisioning.service.ts';

/** Onboarding records, their event stream and the board catalogue (issue 5 item 6). */
export async function registerProvisioning(
  app: FastifyInstance,
  deps: { db: Database; events: EventBus; registry: StreamRegistry; heartbeatMs: number },
) {
  const resolve = createSpaceResolver(deps.db);
  const devices = createDevicesRepository(deps.db);
  const provisioning = createProvisioningService({
    db: deps.db,
    resolve,
    events: deps.events,
    deviceInSpace: async (space, deviceId) => (await devices.find(space, deviceId)) !== null,
  });
  await app.register(provisioningRoutes, {
    provisioning,
    events: deps.events,
    registry: deps.registry,
    resolve,
    heartbeatMs: deps.heartbeatMs,
  });
  await app.register(boardsRoutes);
}

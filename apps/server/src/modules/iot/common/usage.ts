import type { Database } from '../../../db/client.ts';
import { createUsageSource, type UsageSource } from '../../plans/usage.ts';
import { createApiClientsRepository } from '../api-clients/api-clients.repository.ts';
import { LORA_DEVICE_TYPES } from '../catalogue/boards.ts';
import { createDevicesRepository } from '../devices/devices.repository.ts';
import { createSketchesRepository } from '../sketches/sketches.repository.ts';
import { createThingsRepository } from '../things/things.repository.ts';

/**
 * The recap's counters with real counts of things, API keys and devices (soft-deleted ones excluded; those of
 * the four LoRa kinds counted again in `lora_devices`, spec 9), and the bytes of the space's sketches (the
 * trash included, as the disk quota counts them).
 */
export function createIotUsageSource(db: Database): UsageSource {
  const base = createUsageSource(db);
  const things = createThingsRepository(db);
  const devices = createDevicesRepository(db);
  const clients = createApiClientsRepository(db);
  const sketches = createSketchesRepository(db);
  async function counts(space: { organizationId: string | null; ownerUserId: string }) {
    const [cloudThings, apiClients, deviceCount, loraCount, sketchBytes] = await Promise.all([
      things.count(space),
      clients.count(space),
      devices.count(space),
      devices.count(space, LORA_DEVICE_TYPES),
      sketches.spaceBytes(space),
    ]);
    return {
      cloud_things: cloudThings,
      cloud_api_clients: apiClients,
      devices: deviceCount,
      lora_devices: loraCount,
      create_disk_sketches: sketchBytes,
    };
  }
  return {
    async forUser(userId) {
      return {
        ...(await base.forUser(userId)),
        ...(await counts({ organizationId: null, ownerUserId: userId })),
      };
    },
    async forOrganization(organizationId) {
      return {
        ...(await base.forOrganization(organizationId)),
        ...(await counts({ organizationId, ownerUserId: '' })),
      };
    },
  };
}

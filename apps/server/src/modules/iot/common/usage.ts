import type { Database } from '../../../db/client.ts';
import { createUsageSource, type UsageSource } from '../../plans/usage.ts';
import { createApiClientsRepository } from '../api-clients/api-clients.repository.ts';
import { createDevicesRepository } from '../devices/devices.repository.ts';
import { createThingsRepository } from '../things/things.repository.ts';

/** The recap's counters with real counts of things, API keys and devices (soft-deleted ones excluded). */
export function createIotUsageSource(db: Database): UsageSource {
  const base = createUsageSource(db);
  const things = createThingsRepository(db);
  const devices = createDevicesRepository(db);
  const clients = createApiClientsRepository(db);
  async function counts(space: { organizationId: string | null; ownerUserId: string }) {
    const [cloudThings, apiClients, deviceCount] = await Promise.all([
      things.count(space),
      clients.count(space),
      devices.count(space),
    ]);
    return { cloud_things: cloudThings, cloud_api_clients: apiClients, devices: deviceCount };
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

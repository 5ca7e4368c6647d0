import type { Recap } from '@tinkercloud/shared';
import type { Database } from '../../db/client.ts';
import { compilationsOfLastDay } from '../iot/compile/compile-usage.ts';
import { createSpacesRepository } from '../spaces/spaces.repository.ts';

type Usage = Recap['usage'];

/**
 * Where the recap's usage counters come from. This base counts members; the IoT module's source
 * (`iot/common/usage.ts`) adds things, API clients, devices and sketch bytes (`create_disk_sketches`) over it;
 * compilations have no table yet.
 */
export interface UsageSource {
  /** My Cloud of one user. */
  forUser(userId: string): Promise<Usage>;
  forOrganization(organizationId: string): Promise<Usage>;
}

const NOTHING_COUNTED = {
  cloud_things: 0,
  cloud_api_clients: 0,
  create_disk_sketches: 0,
  create_compilation_day: 0,
  devices: 0,
  lora_devices: 0,
} as const;

/** Counts what exists today: members of a space; 0 for the resources not built yet. */
export function createUsageSource(db: Database): UsageSource {
  const spaces = createSpacesRepository(db);
  return {
    async forUser(userId) {
      return { ...NOTHING_COUNTED, create_compilation_day: await compilationsOfLastDay(db, { userId }) };
    },
    async forOrganization(organizationId) {
      return {
        ...NOTHING_COUNTED,
        members: await spaces.memberCount(organizationId),
        create_compilation_day: await compilationsOfLastDay(db, { organizationId }),
      };
    },
  };
}

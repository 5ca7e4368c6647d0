import type { Database } from '../../db/client.ts';
import type { SpaceRequest } from '../iot/common/space.ts';
import type { DevicesService } from '../iot/devices/devices.service.ts';
import type { ThingsService } from '../iot/things/things.service.ts';
import { createRefusedValuesRepository } from './refused-values.repository.ts';

/**
 * What a device sent that was refused, by name and reason (`iot_device_refused_values`), for the device's
 * page and its thing's. Access is the device's (or the thing's): the IoT services answer 404 for one of
 * another space, before anything is read here.
 */
export function createRefusedValuesService(deps: {
  db: Database;
  devices: Pick<DevicesService, 'show'>;
  things: Pick<ThingsService, 'show'>;
}) {
  const repo = createRefusedValuesRepository(deps.db);

  async function answer(deviceId: string | null) {
    const rows = deviceId ? await repo.list(deviceId) : [];
    return {
      device_id: deviceId,
      refused: rows.map((r) => ({
        name: r.name,
        reason: r.reason,
        count: r.count,
        first_at: r.firstAt.toISOString(),
        last_at: r.lastAt.toISOString(),
      })),
    };
  }

  return {
    async ofDevice(ref: SpaceRequest, deviceId: string) {
      const device = await deps.devices.show(ref, deviceId);
      return answer(device.id);
    },

    /** The thing's device's refusals (none without a device). */
    async ofThing(ref: SpaceRequest, thingId: string) {
      const thing = await deps.things.show(ref, thingId, false);
      return answer(thing.device_id ?? null);
    },

    /** Forgets the device's refusals (the route asked `iot.write` in the space; the device must be in it). */
    async clear(ref: SpaceRequest, deviceId: string) {
      const device = await deps.devices.show(ref, deviceId);
      await repo.clear(device.id);
    },
  };
}
export type RefusedValuesService = ReturnType<typeof createRefusedValuesService>;

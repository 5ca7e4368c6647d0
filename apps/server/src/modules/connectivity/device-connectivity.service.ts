import type { Database } from '../../db/client.ts';
import type { SpaceRequest } from '../iot/common/space.ts';
import type { DevicesService } from '../iot/devices/devices.service.ts';
import { createConnectivityRepository } from './connectivity.repository.ts';

/**
 * What `GET /iot/v2/devices/{id}/connectivity` answers: the device as the IoT API shows it (its space's
 * `iot.read`, 404 for a device elsewhere) and what the broker recorded of it (network settings, refusals).
 */
export function createDeviceConnectivityService(deps: {
  db: Database;
  devices: Pick<DevicesService, 'show'>;
}) {
  const repo = createConnectivityRepository(deps.db);
  return {
    async show(ref: SpaceRequest, deviceId: string) {
      const device = await deps.devices.show(ref, deviceId);
      const extra = await repo.connectivity(device.id);
      return {
        device_id: device.id,
        // Always set (the column is not null); the view's type leaves every field optional.
        device_status: device.device_status ?? 'UNKNOWN',
        last_activity_at: device.last_activity_at ?? null,
        lib_version: device.lib_version ?? null,
        wifi_fw_version: device.wifi_fw_version ?? null,
        net_config: extra?.netConfig ?? null,
        rejected_values: extra?.rejectedValues ?? 0,
        rejected_messages: extra?.rejectedMessages ?? 0,
        last_rejection: extra?.lastRejection ?? null,
      };
    },
  };
}
export type DeviceConnectivityService = ReturnType<typeof createDeviceConnectivityService>;

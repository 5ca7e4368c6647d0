import { queryOptions } from '@tanstack/react-query';
import type { AppConfig } from '@tinkercloud/shared';
import { z } from 'zod';
import { enc, iotUrl } from '@/features/iot/api/detail-queries.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import {
  type Device,
  type DeviceStatusEvent,
  deviceSchema,
  deviceStatusHistorySchema,
  passSchema,
} from '@/features/iot/api/schemas.ts';
import type { ApiRequest } from '@/lib/api.ts';

/** The device type of a generic device that signs in with its id and a secret key. */
export const GENERIC_DEVICE_TYPE = 'login_and_secretkey_wifi';
/** How many connection events the device page shows. */
export const STATUS_HISTORY_LIMIT = 10;

export function devicesQueryOptions(api: ApiRequest, config: AppConfig, space: string) {
  return queryOptions({
    queryKey: iotKeys.devices(space),
    queryFn: async (): Promise<Device[]> =>
      z.array(deviceSchema).parse(await api(iotUrl(config, '/iot/v2/devices'), { organization: space })),
  });
}

export function deviceStatusQueryOptions(api: ApiRequest, config: AppConfig, space: string, id: string) {
  return queryOptions({
    queryKey: iotKeys.deviceStatus(space, id),
    queryFn: async (): Promise<DeviceStatusEvent[]> =>
      deviceStatusHistorySchema.parse(
        await api(iotUrl(config, `/iot/v2/devices/${enc(id)}/status?limit=${STATUS_HISTORY_LIMIT}`), {
          organization: space,
        }),
      ).events,
  });
}

export interface NewDevice {
  device: Device;
  /** Shown once: the server keeps only its hash. */
  secretKey: string;
}

export interface DeviceToCreate {
  name: string;
  type: string;
  fqbn?: string | undefined;
  /** 64 hex digits, as a board reports it during setup (the device list can then be filtered by it). */
  uniqueHardwareId?: string | undefined;
  /** The Wi-Fi module's firmware, kept only when it is a plain semantic version (the server's rule). */
  wifiFwVersion?: string | undefined;
}

const PLAIN_VERSION = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/;

/** `PUT /iot/v2/devices`: a device of a board type (the server fills label and defaults from its catalogue). */
export async function createDevice(api: ApiRequest, config: AppConfig, space: string, d: DeviceToCreate) {
  return deviceSchema.parse(
    await api(iotUrl(config, '/iot/v2/devices'), {
      method: 'PUT',
      body: {
        name: d.name,
        type: d.type,
        ...(d.fqbn ? { fqbn: d.fqbn } : {}),
        ...(d.uniqueHardwareId ? { unique_hardware_id: d.uniqueHardwareId } : {}),
        ...(d.wifiFwVersion && PLAIN_VERSION.test(d.wifiFwVersion)
          ? { wifi_fw_version: d.wifiFwVersion }
          : {}),
      },
      organization: space,
    }),
  );
}

/**
 * A device that signs in with its id and a secret key: made, then given the key the server proposes. When
 * the key cannot be set the half-made device is removed again, so a failure leaves nothing behind.
 */
export async function createKeyedDevice(
  api: ApiRequest,
  config: AppConfig,
  space: string,
  d: DeviceToCreate,
): Promise<NewDevice> {
  const device = await createDevice(api, config, space, d);
  const passUrl = iotUrl(config, `/iot/v2/devices/${enc(device.id)}/pass`);
  try {
    const { suggested_password: secretKey } = passSchema.parse(
      await api(`${passUrl}?suggested_password=true`, { organization: space }),
    );
    if (!secretKey) throw new Error('The server proposed no secret key.');
    await api(passUrl, { method: 'PUT', body: { password: secretKey }, organization: space });
    return { device, secretKey };
  } catch (error) {
    await deleteDevice(api, config, space, device.id, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** A generic device (an ESP32, an ESP8266 or the simulator) with its secret key. */
export function createGenericDevice(api: ApiRequest, config: AppConfig, space: string, name: string) {
  return createKeyedDevice(api, config, space, { name, type: GENERIC_DEVICE_TYPE });
}

/** Soft by default: the device goes to the trash and its thing is unbound. */
export async function deleteDevice(
  api: ApiRequest,
  config: AppConfig,
  space: string,
  id: string,
  options: { force?: boolean } = {},
) {
  await api(iotUrl(config, `/iot/v2/devices/${enc(id)}${options.force ? '?force=true' : ''}`), {
    method: 'DELETE',
    organization: space,
  });
}

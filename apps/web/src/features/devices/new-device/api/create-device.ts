import type { AppConfig } from '@tinkercloud/shared';
import { deleteDevice } from '@/features/devices/api/devices.ts';
import type { ApiRequest } from '../../../../lib/api.ts';
import { enc, iotUrl } from '../../../iot/api/detail-queries.ts';
import { type Device, deviceSchema, passSchema } from '../../../iot/api/schemas.ts';

export interface DeviceToCreate {
  name: string;
  type: string;
  fqbn?: string | undefined;
}

/** `PUT /iot/v2/devices`: a device of a board type (the server fills label and defaults from its catalogue). */
export async function createDevice(api: ApiRequest, config: AppConfig, space: string, d: DeviceToCreate) {
  return deviceSchema.parse(
    await api(iotUrl(config, '/iot/v2/devices'), {
      method: 'PUT',
      body: { name: d.name, type: d.type, ...(d.fqbn ? { fqbn: d.fqbn } : {}) },
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
): Promise<{ device: Device; secretKey: string }> {
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

/** `POST /iot/v2/things/{id}` with the device: the new device goes to the thing the page was opened for. */
export async function bindToThing(
  api: ApiRequest,
  config: AppConfig,
  space: string,
  thingId: string,
  deviceId: string,
) {
  await api(iotUrl(config, `/iot/v2/things/${enc(thingId)}`), {
    method: 'POST',
    body: { device_id: deviceId },
    organization: space,
  });
}

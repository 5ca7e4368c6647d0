import type { AppConfig } from '@tinkercloud/shared';
import { enc, iotUrl } from '@/features/iot/api/detail-queries.ts';
import type { ApiRequest } from '@/lib/api.ts';

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

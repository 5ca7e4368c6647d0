import { queryOptions } from '@tanstack/react-query';
import {
  type AppConfig,
  type OtaStateRead,
  otaShowReadSchema,
  otaUploadReadSchema,
} from '@tinkercloud/shared';
import type { ApiRequest } from '../../../lib/api.ts';
import { joinUrl } from '../../../lib/urls.ts';
import { enc, iotUrl } from '../../iot/api/detail-queries.ts';
import { iotKeys } from '../../iot/api/query-keys.ts';

/** An update that can still change: the page follows it and offers to cancel it. */
export const UNFINISHED_OTA = new Set(['pending', 'in_progress']);
/** How often an unfinished update is read again (the OTA API has no event stream). */
export const OTA_POLL_MS = 2000;
/** The server's limit on a firmware file (10 MiB). */
export const OTA_MAX_BYTES = 10 * 1024 * 1024;

export type OtaState = OtaStateRead;

/** `GET {ota}/v1/ota/{id}`: one update and the steps the device reported. */
export function otaDetailQueryOptions(
  api: ApiRequest,
  config: AppConfig,
  space: string,
  deviceId: string,
  otaId: string,
) {
  return queryOptions({
    queryKey: [...iotKeys.deviceOta(space, deviceId), otaId],
    queryFn: async () =>
      otaShowReadSchema.parse(
        await api(joinUrl(config.hosts.ota, `/v1/ota/${enc(otaId)}`), { organization: space }),
      ),
  });
}

/** `POST /iot/v2/devices/{id}/ota` (multipart `ota_file`): stores the file and offers it to the device. */
export async function uploadFirmware(
  api: ApiRequest,
  config: AppConfig,
  space: string,
  deviceId: string,
  file: File,
) {
  const form = new FormData();
  form.append('ota_file', file, file.name);
  form.append('async', 'true');
  return otaUploadReadSchema.parse(
    await api(iotUrl(config, `/iot/v2/devices/${enc(deviceId)}/ota`), {
      method: 'POST',
      body: form,
      organization: space,
    }),
  );
}

/** `PUT {ota}/v1/ota/{id}/cancel`. */
export async function cancelOta(api: ApiRequest, config: AppConfig, space: string, otaId: string) {
  await api(joinUrl(config.hosts.ota, `/v1/ota/${enc(otaId)}/cancel`), {
    method: 'PUT',
    organization: space,
  });
}

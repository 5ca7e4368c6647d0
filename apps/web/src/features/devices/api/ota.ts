import { queryOptions } from '@tanstack/react-query';
import { type AppConfig, type OtaRead, otaListReadSchema } from '@tinkercloud/shared';
import { enc } from '@/features/iot/api/detail-queries.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { ApiRequest } from '@/lib/api.ts';
import { joinUrl } from '@/lib/urls.ts';

/** The firmware page lists this many updates at most (spec: OTA history limit). */
export const OTA_HISTORY_LIMIT = 500;

/** An update as the firmware page reads it (the shared contract's reader). */
export type Ota = OtaRead;

/** The device's OTA updates, newest first, from the OTA host (`GET /v1/ota?device_id=…`). */
export function otaHistoryQueryOptions(api: ApiRequest, config: AppConfig, space: string, deviceId: string) {
  return queryOptions({
    queryKey: iotKeys.deviceOta(space, deviceId),
    queryFn: async (): Promise<Ota[]> =>
      otaListReadSchema.parse(
        await api(
          joinUrl(
            config.hosts.ota,
            `/v1/ota?device_id=${enc(deviceId)}&limit=${OTA_HISTORY_LIMIT}&order=desc`,
          ),
          { organization: space },
        ),
      ).ota,
  });
}

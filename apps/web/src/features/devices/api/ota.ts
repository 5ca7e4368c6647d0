import { queryOptions } from '@tanstack/react-query';
import type { AppConfig } from '@tinkercloud/shared';
import { z } from 'zod';
import { enc } from '@/features/iot/api/detail-queries.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { ApiRequest } from '@/lib/api.ts';
import { joinUrl } from '@/lib/urls.ts';

/** The firmware page lists this many updates at most (spec: OTA history limit). */
export const OTA_HISTORY_LIMIT = 500;

export const otaSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  started_at: z.string(),
  ended_at: z.string().optional(),
  error_reason: z.string().optional(),
  firmware_size: z.number().optional(),
  sha256: z.string().optional(),
});
export type Ota = z.infer<typeof otaSchema>;
const otaListSchema = z.looseObject({ ota: z.array(otaSchema) });

/** The device's OTA updates, newest first, from the OTA host (`GET /v1/ota?device_id=…`). */
export function otaHistoryQueryOptions(api: ApiRequest, config: AppConfig, space: string, deviceId: string) {
  return queryOptions({
    queryKey: iotKeys.deviceOta(space, deviceId),
    queryFn: async (): Promise<Ota[]> =>
      otaListSchema.parse(
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

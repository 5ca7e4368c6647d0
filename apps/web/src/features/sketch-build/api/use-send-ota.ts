import { useQuery } from '@tanstack/react-query';
import { useServices } from '@/app/services.tsx';
import {
  OTA_POLL_MS,
  otaDetailQueryOptions,
  UNFINISHED_OTA,
  uploadFirmware,
} from '@/features/devices/firmware/ota-api.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import { useSketchesApi } from '@/features/sketches/api/use-sketches-api.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';

/**
 * Upload over the air: the built program goes through the device's existing OTA flow
 * (`POST /iot/v2/devices/{id}/ota`, then the OTA status API), the same as the device's Firmware tab.
 */
export function useSendOta(deviceId: string, deviceName: string) {
  const { space } = useSketchesApi();
  const { api, config } = useServices();
  return useApiMutation<{ ota_id?: string | undefined }, File>({
    mutationFn: (file) => uploadFirmware(api, config, space, deviceId, file),
    successMessage: `The program was offered to ${deviceName}`,
    invalidates: [iotKeys.deviceOta(space, deviceId)],
    errorMessage: (error) => error.message,
  });
}

/** The update just started, read again while the device works on it. */
export function useOtaProgress(deviceId: string, otaId: string | undefined) {
  const { space } = useSketchesApi();
  const { api, config } = useServices();
  return useQuery({
    ...otaDetailQueryOptions(api, config, space, deviceId, otaId ?? ''),
    enabled: otaId !== undefined,
    refetchInterval: (query) => {
      const status = query.state.data?.ota.status;
      return status === undefined || UNFINISHED_OTA.has(status) ? OTA_POLL_MS : false;
    },
  });
}

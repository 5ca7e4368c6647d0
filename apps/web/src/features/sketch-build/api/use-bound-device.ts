import { useQuery } from '@tanstack/react-query';
import { useServices } from '@/app/services.tsx';
import { deviceQueryOptions, thingQueryOptions } from '@/features/iot/api/detail-queries.ts';
import { useSketchesApi } from '@/features/sketches/api/use-sketches-api.ts';

/**
 * The device bound to the sketch's thing, if any: where "Upload over the air" sends the program, and whose
 * board picks the default FQBN. Live updates keep its status current (the thing pages' event stream).
 */
export function useBoundDevice(thingId: string | undefined) {
  const { space } = useSketchesApi();
  const { api, config } = useServices();
  const thing = useQuery({ ...thingQueryOptions(api, config, space, thingId ?? ''), enabled: !!thingId });
  const deviceId = thing.data?.device_id;
  const device = useQuery({ ...deviceQueryOptions(api, config, space, deviceId ?? ''), enabled: !!deviceId });
  return device.data;
}

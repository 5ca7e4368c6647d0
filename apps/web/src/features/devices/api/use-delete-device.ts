import { useServices } from '@/app/services.tsx';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { Device } from '@/features/iot/api/schemas.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { deleteDevice } from './devices.ts';

/** Deletes a device: gone from the list at once, back with 'Network Error: {detail}' if the server refuses. */
export function useDeleteDevice() {
  const { api, config } = useServices();
  const space = useSpaces().selected.id;
  return useApiMutation<void, Device, Device[]>({
    mutationFn: (device) => deleteDevice(api, config, space, device.id),
    optimistic: {
      queryKey: iotKeys.devices(space),
      update: (list, device) => list?.filter((d) => d.id !== device.id),
    },
    // Its thing, if any, is unbound.
    invalidates: [iotKeys.things(space)],
    successMessage: (_, device) => `${device.name} was deleted`,
  });
}

import { useQuery } from '@tanstack/react-query';
import { useServices } from '@/app/services.tsx';
import { devicesQueryOptions } from '@/features/devices/api/devices.ts';

/**
 * The things whose device is not online, from the space's device list (which the live stream keeps up to
 * date, as on the devices page). A thing without a device, or a list this user may not read, marks nothing.
 */
export function useOfflineThings(space: string): (thingIds: readonly string[]) => boolean {
  const { api, config } = useServices();
  const devices = useQuery({ ...devicesQueryOptions(api, config, space), retry: false });
  const offline = new Set(
    (devices.data ?? []).flatMap((d) => (d.thing?.id && d.device_status !== 'ONLINE' ? [d.thing.id] : [])),
  );
  return (thingIds) => thingIds.some((id) => offline.has(id));
}

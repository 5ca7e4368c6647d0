import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useServices } from '@/app/services.tsx';
import { devicesQueryOptions } from '@/features/devices/api/devices.ts';
import { thingsWithPropertiesQueryOptions } from '@/features/things/api/things.ts';
import { type TriggerLookups, triggerLookups } from '../model/trigger-source.ts';

/**
 * The names a list of triggers refers to by id: two list requests, whatever the number of triggers (the
 * devices list is shared with the Devices page). Until they answer, or if they fail, the ids are shown.
 */
export function useTriggerLookups(space: string): TriggerLookups {
  const { api, config } = useServices();
  const things = useQuery(thingsWithPropertiesQueryOptions(api, config, space));
  const devices = useQuery(devicesQueryOptions(api, config, space));
  return useMemo(() => triggerLookups(things.data, devices.data), [things.data, devices.data]);
}

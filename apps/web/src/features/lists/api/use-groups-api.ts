import { useServices } from '@/app/services.tsx';
import { useSpaces } from '@/features/spaces/hooks.ts';
import type { GroupsApi } from './groups.ts';

/** The groups calls bound to the selected space. */
export function useGroupsApi(): GroupsApi {
  const { api, config } = useServices();
  const space = useSpaces().selected.id;
  return { api, config, space };
}

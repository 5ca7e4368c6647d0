import { useServices } from '@/app/services.tsx';
import { useSpaces } from '@/features/spaces/hooks.ts';

/** What the things API calls need: the client, the config and the selected space. */
export function useIotContext() {
  const { api, config } = useServices();
  const space = useSpaces().selected.id;
  return { api, config, space };
}

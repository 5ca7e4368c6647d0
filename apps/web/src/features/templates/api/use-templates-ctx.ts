import { useServices } from '@/app/services.tsx';
import { useSpaces } from '@/features/spaces/hooks.ts';
import type { TemplatesCtx } from './templates.ts';

/** What the template calls need: the client, the config and the selected space. */
export function useTemplatesCtx(): TemplatesCtx {
  const { api, config } = useServices();
  const space = useSpaces().selected.id;
  return { api, config, space };
}

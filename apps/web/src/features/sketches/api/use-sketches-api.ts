import { useMemo } from 'react';
import { useServices } from '@/app/services.tsx';
import { useSpaces } from '@/features/spaces/hooks.ts';
import type { SketchesApi } from './sketches-api.ts';

/** The files host's calls bound to the selected space (one object per space, for hooks' dependencies). */
export function useSketchesApi(): SketchesApi {
  const { api, config } = useServices();
  const space = useSpaces().selected.id;
  return useMemo(() => ({ api, config, space }), [api, config, space]);
}

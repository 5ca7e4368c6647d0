import type { QueryClient } from '@tanstack/react-query';
import type { AppConfig, Space } from '@tinkercloud/shared';
import type { ApiRequest } from '@/lib/api.ts';
import { logger } from '@/lib/logger.ts';
import type { SpaceSelection } from '@/lib/space-selection.ts';
import { spacesQueryOptions } from './api/spaces.ts';
import { type BrandedDeployment, listSpaces, resolveSelectedSpace } from './model/selection.ts';

/**
 * The spaces and the selected one, for route guards (synchronous, once `ensureLoaded` has run in the
 * signed-in layout) and for components (through the same query and the selection store).
 */
export interface SpacesService {
  selection: SpaceSelection;
  branded: BrandedDeployment | null;
  queryOptions(): ReturnType<typeof spacesQueryOptions>;
  /** Loads the list once; a failed load leaves My Cloud alone and is only logged. */
  ensureLoaded(): Promise<void>;
  list(): Space[];
  selected(): Space;
  select(id: string): void;
}

export interface SpacesDeps {
  api: ApiRequest;
  config: AppConfig;
  queryClient: QueryClient;
  selection: SpaceSelection;
  branded: BrandedDeployment | null;
}

export function createSpacesService(deps: SpacesDeps): SpacesService {
  const { queryClient, selection, branded } = deps;
  const options = () => spacesQueryOptions(deps.api, deps.config, branded);
  const list = () => queryClient.getQueryData(options().queryKey) ?? listSpaces([], branded);
  return {
    selection,
    branded,
    queryOptions: options,
    async ensureLoaded() {
      const state = queryClient.getQueryState(options().queryKey);
      if (state?.status === 'success') return;
      // After a failure the guards go on with My Cloud; a retry runs in the background.
      if (state?.status === 'error') {
        void queryClient.prefetchQuery(options());
        return;
      }
      try {
        await queryClient.fetchQuery(options());
      } catch (error) {
        logger.warn('Spaces could not be loaded', error);
      }
    },
    list,
    selected: () => resolveSelectedSpace(list(), selection.get()),
    select: (id) => selection.select(id),
  };
}

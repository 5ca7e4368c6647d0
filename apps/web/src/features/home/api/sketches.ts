import { queryOptions } from '@tanstack/react-query';
import { type AppConfig, type GroupItem, groupListSchema } from '@tinkercloud/shared';
import { iotUrl } from '@/features/iot/api/detail-queries.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { ApiRequest } from '@/lib/api.ts';

/**
 * The space's sketches, as the group list names them (`GET /groups/v1/sketches`): the only list of sketches
 * the server has. The web app makes no folders, so the top level holds every sketch it made.
 */
export function sketchesQueryOptions(api: ApiRequest, config: AppConfig, space: string) {
  return queryOptions({
    queryKey: iotKeys.sketches(space),
    queryFn: async (): Promise<GroupItem[]> =>
      groupListSchema.parse(await api(iotUrl(config, '/groups/v1/sketches'), { organization: space })).items,
  });
}

import { queryOptions } from '@tanstack/react-query';
import type { AppConfig } from '@tinkercloud/shared';
import { z } from 'zod';
import { enc, iotUrl } from '@/features/iot/api/detail-queries.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { ApiRequest } from '@/lib/api.ts';
import { type Dashboard, dashboardSchema } from './dashboard-schemas.ts';

/** The dashboards of the selected space (`X-Organization`, omitted for My Cloud). */
export function dashboardsQueryOptions(api: ApiRequest, config: AppConfig, space: string) {
  return queryOptions({
    queryKey: iotKeys.dashboards(space),
    queryFn: async (): Promise<Dashboard[]> =>
      z
        .array(dashboardSchema)
        .parse(await api(iotUrl(config, '/iot/v2/dashboards'), { organization: space })),
  });
}

export function dashboardQueryOptions(api: ApiRequest, config: AppConfig, space: string, id: string) {
  return queryOptions({
    queryKey: iotKeys.dashboard(space, id),
    queryFn: async (): Promise<Dashboard> =>
      dashboardSchema.parse(
        await api(iotUrl(config, `/iot/v2/dashboards/${enc(id)}`), { organization: space }),
      ),
  });
}

/** Soft: the dashboard goes to the trash (restored or purged from a list's Trash view). */
export async function deleteDashboard(api: ApiRequest, config: AppConfig, space: string, id: string) {
  await api(iotUrl(config, `/iot/v2/dashboards/${enc(id)}`), { method: 'DELETE', organization: space });
}

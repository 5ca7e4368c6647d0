import { queryOptions } from '@tanstack/react-query';
import { type AppConfig, type StatusFeed, statusFeedSchema } from '@tinkercloud/shared';
import type { ApiRequest } from '@/lib/api.ts';
import { joinUrl } from '@/lib/urls.ts';

/** The public status feed is read every 5 minutes (spec sections 7.6 and 9). */
export const STATUS_POLL_MS = 5 * 60_000;

export function fetchStatus(api: ApiRequest, config: AppConfig): Promise<StatusFeed> {
  // A public feed, possibly on another host: it never gets our token.
  return api<unknown>(joinUrl(config.hosts.status, '/api/v2/status.json'), { auth: false }).then((body) =>
    statusFeedSchema.parse(body),
  );
}

export function statusQueryOptions(api: ApiRequest, config: AppConfig) {
  return queryOptions({
    queryKey: ['status'],
    queryFn: () => fetchStatus(api, config),
    refetchInterval: STATUS_POLL_MS,
    staleTime: STATUS_POLL_MS,
  });
}

import { queryOptions } from '@tanstack/react-query';
import type { AppConfig } from '@tinkercloud/shared';
import { ApiError, type ApiRequest } from '@/lib/api.ts';
import { joinUrl } from '@/lib/urls.ts';

/** Under `users` (kept across a space change): whether the signed-in user operates this server. */
export const operatorKey = (userId: string) => ['users', 'operator', userId] as const;

/**
 * `GET /users/v1/me/operator`, read once per session (never stale, kept while the tab lives):
 * `{operator: true}` for an operator, `{operator: false}` for anyone else (a 404 counts as not one too).
 * Other failures (network, 5xx) are errors, so a passing outage does not hide the console for the session.
 * Kept apart from `admin-api.ts` so the user menu's lazy item loads only this.
 */
export function operatorQueryOptions(api: ApiRequest, config: AppConfig, userId: string) {
  return queryOptions({
    queryKey: operatorKey(userId),
    queryFn: async (): Promise<boolean> => {
      try {
        const body = await api<{ operator?: unknown } | undefined>(
          joinUrl(config.hosts.api, '/users/v1/me/operator'),
        );
        return body?.operator === true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return false;
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

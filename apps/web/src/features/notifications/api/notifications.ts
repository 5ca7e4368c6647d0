import { queryOptions } from '@tanstack/react-query';
import { type AppConfig, type NotificationList, notificationListSchema } from '@tinkercloud/shared';
import type { ApiRequest } from '@/lib/api.ts';
import { joinUrl } from '@/lib/urls.ts';

/** The signed-in user's notifications, whatever space is selected (they are the user's, not a space's). */
export const notificationKeys = { all: ['notifications'] as const };

/**
 * `GET /notifications` (spec 7.4): newest first, with the unread count. The bell reads it again when the live
 * stream announces a new one, and polls it (`NOTIFICATIONS_POLL_MS`) while the stream is down.
 */
export function notificationsQueryOptions(api: ApiRequest, config: AppConfig) {
  return queryOptions({
    queryKey: notificationKeys.all,
    queryFn: async (): Promise<NotificationList> =>
      notificationListSchema.parse(await api(joinUrl(config.hosts.api, '/notifications'))),
  });
}

export const NOTIFICATIONS_POLL_MS = 30_000;
/** With a working stream, a slow read anyway: a notification marked read in another tab is not announced. */
export const NOTIFICATIONS_SAFETY_POLL_MS = 300_000;

/** `POST /notifications/read`: the given ones, or all of them when `ids` is undefined. */
export async function markNotificationsRead(api: ApiRequest, config: AppConfig, ids?: string[]) {
  await api(joinUrl(config.hosts.api, '/notifications/read'), {
    method: 'POST',
    body: ids ? { ids } : {},
  });
}

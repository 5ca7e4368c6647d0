import type { NotificationList } from '@tinkercloud/shared';

/** The cached list once the named notifications (all when `ids` is undefined) are read: shown at once. */
export function markedRead(
  list: NotificationList | undefined,
  ids: readonly string[] | undefined,
  now = new Date().toISOString(),
): NotificationList | undefined {
  if (!list) return list;
  const notifications = list.notifications.map((n) =>
    !n.read && (!ids || ids.includes(n.id)) ? { ...n, read: true, read_at: now } : n,
  );
  const newlyRead = list.notifications.filter((n, i) => !n.read && notifications[i]?.read).length;
  return { notifications, unread: Math.max(0, list.unread - newlyRead) };
}

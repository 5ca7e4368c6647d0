import type { AppNotification } from '@tinkercloud/shared';

/**
 * The unread notifications that arrived since the last answer: the ones whose ids `seen` does not hold.
 * The first answer (seen null) counts none as fresh: what was there before the page opened is not news.
 */
export function freshNotifications(
  seen: ReadonlySet<string> | null,
  notifications: readonly AppNotification[],
): AppNotification[] {
  if (!seen) return [];
  return notifications.filter((n) => !n.read && !seen.has(n.id));
}

/** Whether the browser may show its own notifications here (supported, and allowed by the user). */
export const browserAlertsAllowed = () =>
  typeof Notification !== 'undefined' && Notification.permission === 'granted';

import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import {
  NOTIFICATIONS_POLL_MS,
  NOTIFICATIONS_SAFETY_POLL_MS,
  notificationsQueryOptions,
} from '../api/notifications.ts';
import { browserAlertsAllowed, freshNotifications } from '../model/fresh-notifications.ts';
import { useNotificationAnnouncements } from '../model/use-notification-announcements.ts';

// The panel loads on first use: every signed-in page carries the bell, none needs the panel at first.
const NotificationPanel = lazy(() => import('./NotificationPanel.tsx'));

/**
 * The header's bell with the unread count; opens the notifications panel. The live stream announces each new
 * notification, and the list is read again then; without a working stream it polls every 30 s. It keeps
 * listening in the background once the user allowed browser notifications, which it then raises for each new
 * unread one while the tab is hidden.
 */
export function NotificationBell() {
  const { api, config } = useServices();
  const [open, setOpen] = useState(false);
  const alerts = browserAlertsAllowed();
  const streamed = useNotificationAnnouncements();
  const { data } = useQuery({
    ...notificationsQueryOptions(api, config),
    refetchInterval: streamed ? NOTIFICATIONS_SAFETY_POLL_MS : NOTIFICATIONS_POLL_MS,
    refetchIntervalInBackground: alerts,
  });
  const seen = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!data) return;
    if (document.hidden && browserAlertsAllowed()) {
      const fresh = freshNotifications(seen.current, data.notifications);
      // The alerts' code comes on first use, with the panel's chunk: the bell is on every page.
      if (fresh.length > 0) void import('../model/local-times.ts').then((m) => m.raiseBrowserAlerts(fresh));
    }
    seen.current = new Set(data.notifications.map((n) => n.id));
  }, [data]);

  const unread = data?.unread ?? 0;
  return (
    <>
      <button
        type="button"
        className="icon-button notification-bell"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-haspopup="dialog"
        data-testid="notification-bell"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0" />
        </svg>
        {unread > 0 && (
          <span className="notification-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

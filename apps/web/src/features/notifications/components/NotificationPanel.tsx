import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type AppNotification, MY_CLOUD_SPACE_ID, type NotificationList } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { markNotificationsRead, notificationKeys, notificationsQueryOptions } from '../api/notifications.ts';
import { withLocalTimes } from '../model/local-times.ts';
import { markedRead } from '../model/mark-read.ts';
import { BrowserAlertsChoice } from './BrowserAlertsChoice.tsx';
import '../notifications.css';

/** The trigger a notification came from, when it belongs to the selected space (else the link would miss). */
function triggerOf(n: AppNotification, space: string): string | undefined {
  const id = n.data.trigger_id;
  const from = n.organization_id ?? MY_CLOUD_SPACE_ID;
  return typeof id === 'string' && from === space ? id : undefined;
}

/** The notifications panel: newest first, each marked read on its own or all at once. */
export default function NotificationPanel({ onClose }: { onClose: () => void }) {
  const { api, config } = useServices();
  const { selected } = useSpaces();
  const list = useQuery(notificationsQueryOptions(api, config));
  const markRead = useApiMutation<void, string[] | undefined, NotificationList>({
    mutationFn: (ids) => markNotificationsRead(api, config, ids),
    optimistic: { queryKey: notificationKeys.all, update: markedRead },
  });
  const unread = list.data?.unread ?? 0;

  return (
    <Dialog label="Notifications" onClose={onClose} className="modal-wide notification-panel">
      <div className="notification-tools">
        <button
          type="button"
          className="button button-subtle button-small"
          disabled={unread === 0}
          onClick={() => markRead.mutate(undefined)}
        >
          Mark all as read
        </button>
        <BrowserAlertsChoice />
      </div>
      <AsyncState
        query={list}
        errorTitle="Notifications could not be loaded"
        isEmpty={(data) => data.notifications.length === 0}
        empty={{
          title: 'No notifications yet',
          hint: "A trigger's in-app notification action sends them here.",
        }}
      >
        {(data) => (
          <ul className="notification-list" data-testid="notification-list">
            {data.notifications.map((n) => {
              const trigger = triggerOf(n, selected.id);
              return (
                <li key={n.id} className="notification" data-read={n.read} data-testid="notification">
                  <p className="notification-title">
                    {!n.read && (
                      <>
                        <span className="notification-dot" aria-hidden="true" />
                        <span className="visually-hidden">Unread: </span>
                      </>
                    )}
                    {withLocalTimes(n.title)}
                  </p>
                  {n.body && <p className="notification-body">{withLocalTimes(n.body)}</p>}
                  <p className="notification-meta">
                    <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
                    {trigger && (
                      <Link to="/triggers/" search={{ trigger }} onClick={onClose}>
                        Open trigger
                      </Link>
                    )}
                    {!n.read && (
                      <button type="button" className="link-button" onClick={() => markRead.mutate([n.id])}>
                        Mark as read
                      </button>
                    )}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </AsyncState>
    </Dialog>
  );
}

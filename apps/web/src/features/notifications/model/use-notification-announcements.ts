import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { readAgain } from '@/lib/query-client.ts';
import { notificationKeys } from '../api/notifications.ts';

/**
 * How long a page is shown before the bell opens the space's stream for itself: every page carries the bell, and
 * a stream costs the server a snapshot read, so one hopped through by full page loads opens none (pages that
 * show live values open it at once, and the bell joins).
 */
export const NOTIFICATION_STREAM_DELAY_MS = 5_000;

/**
 * Keeps the notifications list fresh from the live stream of the selected space, which announces the user's
 * own notifications in every space (`notifications.created`). Starting to listen (and each reconnect) reads the
 * list again too: announcements made while it was not listening are not replayed. Returns whether the stream is
 * open, so the bell polls only when it is not.
 */
export function useNotificationAnnouncements(): boolean {
  const { live } = useServices();
  const queryClient = useQueryClient();
  const space = useSpaces().selected.id;
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!live) return;
    let leave: (() => void) | undefined;
    const refresh = () => void readAgain(queryClient, notificationKeys.all);
    const join = setTimeout(() => {
      leave = live.subscribe(space, {
        // Only these: the stream holds the others for the page that handles them (`createLiveSource`).
        types: ['notifications.created'],
        onMessage: refresh,
        // Each time the bell starts hearing (joining, a reconnect), it reads the list once: what arrived while
        // it was not listening is not replayed.
        onOpen: (open) => {
          setOpen(open);
          if (open) refresh();
        },
      });
    }, NOTIFICATION_STREAM_DELAY_MS);
    return () => {
      clearTimeout(join);
      leave?.();
      setOpen(false);
    };
  }, [live, queryClient, space]);
  return open;
}

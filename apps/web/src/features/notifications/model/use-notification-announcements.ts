import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { notificationKeys } from '../api/notifications.ts';

/**
 * Keeps the notifications list fresh from the live stream of the selected space, which announces the user's
 * own notifications in every space (`notifications.created`). A reconnect (a new `snapshot`) reads the list
 * again too: announcements made while the stream was down are not replayed. Returns whether the stream is
 * open, so the bell polls only when it is not.
 */
export function useNotificationAnnouncements(): boolean {
  const { live } = useServices();
  const queryClient = useQueryClient();
  const space = useSpaces().selected.id;
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!live) return;
    let snapshots = 0;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    const leave = live.subscribe(space, {
      onMessage: (message) => {
        if (message.type === 'notifications.created') refresh();
        // The first snapshot comes with the page, whose list is being read already.
        else if (message.type === 'snapshot' && ++snapshots > 1) refresh();
      },
      onOpen: setOpen,
    });
    return () => {
      leave();
      setOpen(false);
    };
  }, [live, queryClient, space]);
  return open;
}

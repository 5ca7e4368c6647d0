import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { applyLiveEvent } from './apply-live-event.ts';

/** Without a working stream, pages that promise live values read them again this often. */
export const LIVE_POLL_MS = 5_000;

/**
 * Keeps the device and thing caches of the selected space up to date from the live stream while the page is
 * mounted. Returns whether the stream is open, so a page can fall back to polling when it is not.
 */
export function useLiveUpdates(): boolean {
  const { live } = useServices();
  const queryClient = useQueryClient();
  const space = useSpaces().selected.id;
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!live) return;
    const leave = live.subscribe(space, {
      onMessage: (message) => applyLiveEvent(queryClient, space, message),
      onOpen: setOpen,
    });
    return () => {
      leave();
      setOpen(false);
    };
  }, [live, queryClient, space]);
  return open;
}

import { act } from '@testing-library/react';
import type { LiveMessage, LiveSource } from '../live/live-events.ts';

/** A live source a test drives by hand: it records the spaces asked for and delivers what `emit` gets. */
export function manualLive() {
  const listeners = new Set<(message: LiveMessage) => void>();
  const openListeners = new Set<(open: boolean) => void>();
  const spaces: string[] = [];
  const source: LiveSource = {
    subscribe(spaceId, { onMessage: handle, onOpen, types }) {
      spaces.push(spaceId);
      // As the app's source: a subscriber that names its event types gets only those.
      const onMessage = (message: LiveMessage) => {
        if (!types || types.includes(message.type)) handle(message);
      };
      listeners.add(onMessage);
      if (onOpen) openListeners.add(onOpen);
      onOpen?.(true);
      return () => {
        listeners.delete(onMessage);
        if (onOpen) openListeners.delete(onOpen);
      };
    },
  };
  const emit = (message: LiveMessage) =>
    act(() => {
      for (const listener of listeners) listener(message);
    });
  /** The stream dropping (false) or coming back (true), as every subscriber hears it. */
  const setOpen = (open: boolean) =>
    act(() => {
      for (const listener of openListeners) listener(open);
    });
  return { source, emit, setOpen, spaces, listening: () => listeners.size };
}

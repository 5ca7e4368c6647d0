import { act } from '@testing-library/react';
import type { LiveMessage, LiveSource } from '../live/live-events.ts';

/** A live source a test drives by hand: it records the spaces asked for and delivers what `emit` gets. */
export function manualLive() {
  const listeners = new Set<(message: LiveMessage) => void>();
  const spaces: string[] = [];
  const source: LiveSource = {
    subscribe(spaceId, { onMessage, onOpen }) {
      spaces.push(spaceId);
      listeners.add(onMessage);
      onOpen?.(true);
      return () => listeners.delete(onMessage);
    },
  };
  const emit = (message: LiveMessage) =>
    act(() => {
      for (const listener of listeners) listener(message);
    });
  return { source, emit, spaces, listening: () => listeners.size };
}

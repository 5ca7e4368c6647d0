import { useSyncExternalStore } from 'react';
import type { LayoutMode } from '../model/editor-widgets.ts';
import { MOBILE_MAX_WIDTH } from '../model/layout-mode.ts';

const query = `(max-width: ${MOBILE_MAX_WIDTH - 1}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** The layout that fits the window: the phone one below MOBILE_MAX_WIDTH, else the desktop one. */
export function useWindowLayoutMode(): LayoutMode {
  return useSyncExternalStore(
    subscribe,
    () => (window.matchMedia(query).matches ? 'mobile' : 'desktop'),
    () => 'desktop',
  );
}

import { useSyncExternalStore } from 'react';

/**
 * At this width and below the sidebar becomes the header bar's slide-in dialog (spec 2.4 leaves small screens
 * open; a 240 px column leaves too little room for a page). The CSS of `.sidebar-layout` uses the same value.
 */
export const COMPACT_LAYOUT_QUERY = '(max-width: 768px)';

function mediaList(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : null;
}

/** Whether a media query matches now; re-renders when it starts or stops matching. False without matchMedia. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => mediaList(query)?.matches ?? false,
    () => false,
  );
}

export const useCompactLayout = () => useMediaQuery(COMPACT_LAYOUT_QUERY);

import { useEffect, useState } from 'react';
import { Toaster } from 'sonner';
import { logger } from '../lib/logger.ts';

/** Snackbar provider settings of spec section 9. */
export const SNACKBAR_SETTINGS = {
  position: 'bottom-center',
  duration: 5000,
  offset: 32,
  visibleToasts: 3,
} as const;

let mountedProviders = 0;

/**
 * The one snackbar provider (spec 2.6). A second one mounted at the same time renders nothing, so a toast
 * never shows twice. Timers pause while the page is hidden (sonner watches `visibilitychange`).
 */
export function SnackbarProvider() {
  // Rendering at once (not after the effect) lets the provider subscribe before the first toasts are sent.
  const [active, setActive] = useState(() => mountedProviders === 0);
  useEffect(() => {
    mountedProviders += 1;
    if (mountedProviders === 1) setActive(true);
    else {
      setActive(false);
      logger.warn('Only one snackbar provider may be mounted at a time.');
    }
    return () => {
      mountedProviders -= 1;
      setActive(false);
    };
  }, []);
  if (!active) return null;
  return (
    <Toaster
      {...SNACKBAR_SETTINGS}
      mobileOffset={SNACKBAR_SETTINGS.offset}
      toastOptions={{ unstyled: true, className: 'snackbar-host' }}
    />
  );
}

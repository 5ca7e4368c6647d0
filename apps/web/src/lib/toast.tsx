import type { ReactNode } from 'react';
import { toast as sonner } from 'sonner';
import {
  Snackbar,
  type SnackbarAction,
  type SnackbarSize,
  type SnackbarVariant,
} from '../components/Snackbar.tsx';

export interface ToastOptions {
  title?: string;
  size?: SnackbarSize;
  actions?: readonly SnackbarAction[];
  /** A fixed id replaces an earlier toast with the same id instead of stacking a second one. */
  id?: string;
  /** Defaults to the provider's 5000 ms. */
  duration?: number;
  /** The close control; on by default. */
  closable?: boolean;
}

function show(variant: SnackbarVariant, message: ReactNode, options: ToastOptions = {}) {
  const { title, size, actions, id, duration, closable = true } = options;
  return sonner.custom(
    (toastId) => (
      <Snackbar
        variant={variant}
        size={size ?? 'xl'}
        title={title}
        message={message}
        actions={actions?.map((action) => ({
          label: action.label,
          onClick: () => {
            sonner.dismiss(toastId);
            action.onClick();
          },
        }))}
        onClose={closable ? () => sonner.dismiss(toastId) : undefined}
      />
    ),
    { ...(id === undefined ? {} : { id }), ...(duration === undefined ? {} : { duration }) },
  );
}

/** The app's snackbar calls (spec 2.6): every toast goes through here, so all look and behave alike. */
export const toast = {
  info: (message: ReactNode, options?: ToastOptions) => show('info', message, options),
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
  warning: (message: ReactNode, options?: ToastOptions) => show('warning', message, options),
  dismiss: (id?: string | number) => sonner.dismiss(id),
};

/**
 * The text of a failed call: spec 8's 'Network Error: {detail}', except for a conflict (409), where the server
 * refused the write because of something already there: its detail says what clashed ("This template already
 * exists in this space."), and a "Network Error" prefix would send the maker looking for a network fault.
 * `always`: the prefix whatever the status (the space update toast, which spec 8 words so).
 */
export function networkErrorMessage(error: unknown, always = false): string {
  const e = error as { detail?: unknown; status?: unknown } | null | undefined;
  const detail =
    typeof e?.detail === 'string' ? e.detail : error instanceof Error ? error.message : String(error);
  return e?.status === 409 && !always ? detail : `Network Error: ${detail}`;
}

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

/** 'Network Error: {detail}' for failed calls (spec 8). */
export function networkErrorMessage(error: unknown): string {
  const detail =
    error && typeof error === 'object' && 'detail' in error && typeof error.detail === 'string'
      ? error.detail
      : error instanceof Error
        ? error.message
        : String(error);
  return `Network Error: ${detail}`;
}

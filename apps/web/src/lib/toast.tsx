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

/** A failed call's detail: the error body's, else the error's message. */
function detailOf(error: unknown): string {
  if (error && typeof error === 'object' && 'detail' in error && typeof error.detail === 'string')
    return error.detail;
  return error instanceof Error ? error.message : String(error);
}

/** Spec 8's 'Network Error: {detail}', whatever the status (the space update toast, named so in the spec). */
export function networkErrorText(error: unknown): string {
  return `Network Error: ${detailOf(error)}`;
}

/**
 * The text of a failed call: 'Network Error: {detail}', except for a conflict (409), where the server refused
 * the write because of something already there: its detail says what clashed ("This template already exists
 * in this space."), and a "Network Error" prefix would send the maker looking for a network fault.
 */
export function networkErrorMessage(error: unknown): string {
  const conflict = !!error && typeof error === 'object' && 'status' in error && error.status === 409;
  return conflict ? detailOf(error) : networkErrorText(error);
}

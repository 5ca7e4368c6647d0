import type { ReactNode } from 'react';

export type SnackbarVariant = 'info' | 'success' | 'error' | 'warning';
export type SnackbarSize = 'sm' | 'xl';

export interface SnackbarAction {
  label: string;
  onClick: () => void;
}

export interface SnackbarProps {
  /** Cut to one line. */
  title?: string | undefined;
  /** Cut to three lines. */
  message: ReactNode;
  variant?: SnackbarVariant;
  size?: SnackbarSize;
  actions?: readonly SnackbarAction[];
  /** Shows the close control; it sits beside the text at 480px or less, after the actions on wider screens. */
  onClose?: (() => void) | undefined;
}

const ICONS: Record<SnackbarVariant, string> = {
  info: 'M12 8h.01M11 12h1v4h1',
  success: 'M8 12.5l2.5 2.5L16 9.5',
  error: 'M9 9l6 6M15 9l-6 6',
  warning: 'M12 8v5M12 16h.01',
};

/** The spec's snackbar (2.6): variants info (default), success, error, warning; sizes sm and xl (default). */
export function Snackbar({
  title,
  message,
  variant = 'info',
  size = 'xl',
  actions = [],
  onClose,
}: SnackbarProps) {
  return (
    <div
      className="snackbar"
      data-variant={variant}
      data-size={size}
      role={variant === 'error' ? 'alert' : 'status'}
    >
      <svg className="snackbar-icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="10" />
        <path d={ICONS[variant]} />
      </svg>
      <div className="snackbar-text">
        {title && <p className="snackbar-title">{title}</p>}
        <p className="snackbar-message">{message}</p>
      </div>
      {actions.length > 0 && (
        <div className="snackbar-actions">
          {actions.map((action) => (
            <button key={action.label} type="button" className="snackbar-action" onClick={action.onClick}>
              {action.label}
            </button>
          ))}
        </div>
      )}
      {onClose && (
        <button type="button" className="snackbar-close" aria-label="Close" onClick={onClose}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      )}
    </div>
  );
}

import { type ButtonHTMLAttributes, type ReactNode, useRef, useState } from 'react';

export type ButtonVariant = 'primary' | 'subtle' | 'danger';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> {
  /** A returned promise puts the button in its loading state until it settles (spec 2.6). */
  onClick?: () => unknown;
  /** Loading driven from outside (e.g. a mutation's isPending), for buttons whose work is not their click. */
  loading?: boolean;
  variant?: ButtonVariant;
  children?: ReactNode;
}

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof (value as Promise<unknown> | undefined)?.then === 'function';

/**
 * The app's button (spec 2.6): while its click promise is pending (or `loading` is set) it shows a spinner and
 * is disabled, and it ignores clicks while disabled or loading.
 */
export function Button({
  onClick,
  loading: loadingProp = false,
  variant,
  disabled,
  children,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  const [pending, setPending] = useState(false);
  // The ref closes the gap between a click and React rendering the disabled state.
  const busy = useRef(false);
  const loading = pending || loadingProp;

  const handleClick = () => {
    if (busy.current || disabled || loadingProp) return;
    const result = onClick?.();
    if (!isPromise(result)) return;
    busy.current = true;
    setPending(true);
    // Callers report their own failures; a rejection here only has to end the loading state.
    void result
      .catch(() => undefined)
      .finally(() => {
        busy.current = false;
        setPending(false);
      });
  };

  const classes = ['button', variant && variant !== 'primary' ? `button-${variant}` : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      {...rest}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading}
      onClick={handleClick}
    >
      {loading && <span className="spinner spinner-small" aria-hidden="true" />}
      {children}
    </button>
  );
}

import { type ButtonHTMLAttributes, useRef, useState } from 'react';

interface LoadingButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> {
  /** While the returned promise is pending the button shows a spinner and is disabled. */
  onClick: () => Promise<unknown>;
}

/** A button for async actions (spec 2.6): one click at a time, ignored while disabled or loading. */
export function LoadingButton({ onClick, disabled, children, className, ...rest }: LoadingButtonProps) {
  const [loading, setLoading] = useState(false);
  // The ref closes the gap between a click and React rendering the disabled state.
  const busy = useRef(false);

  const handleClick = async () => {
    if (busy.current || disabled) return;
    busy.current = true;
    setLoading(true);
    try {
      await onClick();
    } finally {
      busy.current = false;
      setLoading(false);
    }
  };

  return (
    <button
      type="button"
      {...rest}
      className={`button${className ? ` ${className}` : ''}`}
      disabled={disabled || loading}
      aria-busy={loading}
      // Callers report their own failures; a rejection here only has to end the loading state.
      onClick={() => void handleClick().catch(() => undefined)}
    >
      {loading && <span className="spinner spinner-small" aria-hidden="true" />}
      {children}
    </button>
  );
}

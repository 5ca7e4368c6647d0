import { Button, type ButtonProps } from './Button.tsx';

interface LoadingButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** While the returned promise is pending the button shows a spinner and is disabled. */
  onClick: () => Promise<unknown>;
}

/** A Button whose click is always async; kept for existing callers, new code uses Button. */
export function LoadingButton(props: LoadingButtonProps) {
  return <Button {...props} />;
}

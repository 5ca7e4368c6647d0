import { type CSSProperties, type RefObject, useEffect, useRef } from 'react';
import { LoadingButton } from '@/components/LoadingButton.tsx';

export const EMAIL_NOTICE_TEXT = 'Please verify your email — check your inbox and follow the link we sent.';

/** Position and size fixed by spec 2.5; inline so they hold whatever the stylesheet does. */
const POSITION: CSSProperties = {
  position: 'fixed',
  left: '50%',
  bottom: '50px',
  transform: 'translateX(-50%)',
  maxWidth: '80%',
  minHeight: '36px',
};

/** The notice floats 50 px above the bottom edge; this much more keeps a gap above it. */
const GAP_ABOVE_PX = 16;

/**
 * The notice floats over the page, so the page reserves room under its last row for it
 * (the `--email-notice-space` custom property the stylesheet pads the body with): the last card
 * or chart on a page can always be scrolled above the notice and clicked.
 */
function useReservedSpace(notice: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const element = notice.current;
    if (!element) return;
    const root = document.documentElement;
    const reserve = () =>
      root.style.setProperty(
        '--email-notice-space',
        `${Math.ceil(element.getBoundingClientRect().height) + 50 + GAP_ABOVE_PX}px`,
      );
    reserve();
    // The text wraps to more lines on a narrow screen or when the window shrinks.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(reserve) : undefined;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--email-notice-space');
    };
  }, [notice]);
}

interface Props {
  /** Only an explicit false shows the notice. */
  emailVerified: boolean | undefined;
  onResend: () => Promise<unknown>;
}

export function EmailVerificationNotice({ emailVerified, onResend }: Props) {
  if (emailVerified !== false) return null;
  return <VisibleNotice onResend={onResend} />;
}

function VisibleNotice({ onResend }: Pick<Props, 'onResend'>) {
  const notice = useRef<HTMLDivElement>(null);
  useReservedSpace(notice);
  return (
    <div ref={notice} className="email-notice" role="status" style={POSITION}>
      <span>{EMAIL_NOTICE_TEXT}</span>
      <LoadingButton className="button-small" onClick={onResend}>
        Resend email
      </LoadingButton>
    </div>
  );
}

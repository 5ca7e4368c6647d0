import type { CSSProperties } from 'react';
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

interface Props {
  /** Only an explicit false shows the notice. */
  emailVerified: boolean | undefined;
  onResend: () => Promise<unknown>;
}

export function EmailVerificationNotice({ emailVerified, onResend }: Props) {
  if (emailVerified !== false) return null;
  return (
    <div className="email-notice" role="status" style={POSITION}>
      <span>{EMAIL_NOTICE_TEXT}</span>
      <LoadingButton className="button-small" onClick={onResend}>
        Resend email
      </LoadingButton>
    </div>
  );
}

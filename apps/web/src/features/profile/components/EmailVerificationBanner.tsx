import { useServices } from '@/app/services.tsx';
import { ApiError } from '@/lib/api.ts';
import { toast } from '@/lib/toast.tsx';
import { resendVerification } from '../api/profile.ts';
import { useCurrentUser } from '../api/use-current-user.ts';
import { EmailVerificationNotice } from './EmailVerificationNotice.tsx';

/** The notice wired to the current user: it disappears once the token or profile says verified. */
export function EmailVerificationBanner() {
  const { api, config } = useServices();
  const { user } = useCurrentUser();

  const resend = async () => {
    try {
      if (await resendVerification(api, config, user))
        toast.success(`We sent a new link to ${user.email || 'your address'}.`);
    } catch (error) {
      toast.error(
        error instanceof ApiError ? error.detail : 'The email could not be sent. Please try again.',
      );
    }
  };

  return <EmailVerificationNotice emailVerified={user.email_verified} onResend={resend} />;
}

import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useServices } from '@/app/services.tsx';
import { LoadingButton } from '@/components/LoadingButton.tsx';
import { Page } from '@/components/Page.tsx';
import { acceptTerms, brandingQueryOptions } from '@/features/customization/api/customization.ts';
import {
  loadCustomization,
  rememberTermsAccepted,
  TOS_ALREADY_ACCEPTED,
  termsAccepted,
} from '@/features/customization/company-sign-in.ts';
import { logger } from '@/lib/logger.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';

/**
 * Terms acceptance for company-customised sign-in (spec 4.1): it redirects away when the terms are already
 * accepted or there is no customization. The terms text is the custom ToS of the branded organisation.
 */
export const Route = createFileRoute('/_auth/_nosidebar/tos-acceptance')({
  staticData: { title: 'Terms of Service' },
  beforeLoad: async ({ context }) => {
    const key = context.config.companyKey;
    const record = key ? await loadCustomization(context) : null;
    if (!key || !record || (await termsAccepted(context.auth, context.config, key))) {
      throw redirect({ to: '/', replace: true });
    }
  },
  component: TermsAcceptance,
});

function TermsAcceptance() {
  const { api, config, auth, spaces } = useServices();
  const navigate = useNavigate();
  const orgId = spaces.branded?.organizationId;
  const branding = useQuery({ ...brandingQueryOptions(api, config, orgId ?? ''), enabled: Boolean(orgId) });
  const key = config.companyKey ?? '';

  const accept = async () => {
    if (await termsAccepted(auth, config, key)) {
      logger.warn(TOS_ALREADY_ACCEPTED);
    } else {
      try {
        const { alreadyAccepted } = await acceptTerms(api, config, key);
        if (alreadyAccepted) logger.warn(TOS_ALREADY_ACCEPTED);
        rememberTermsAccepted(key);
      } catch (error) {
        toast.error(networkErrorMessage(error));
        return;
      }
    }
    await navigate({ to: '/', replace: true });
  };

  return (
    <Page title="Terms of Service">
      <div className="terms-text" data-testid="custom-tos">
        {branding.data?.custom_tos ??
          `Please read and accept the terms of service of ${spaces.branded?.organizationName ?? 'your organisation'} to continue.`}
      </div>
      <LoadingButton onClick={accept}>Accept</LoadingButton>
    </Page>
  );
}

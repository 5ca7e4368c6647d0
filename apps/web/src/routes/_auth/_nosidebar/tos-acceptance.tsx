import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * Terms acceptance for company-customised sign-in (spec 4.1). It redirects away when the terms are already
 * accepted or there is no customization; customizations arrive in a later issue, so today it always does.
 */
export const Route = createFileRoute('/_auth/_nosidebar/tos-acceptance')({
  staticData: { title: 'Terms of Service' },
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});

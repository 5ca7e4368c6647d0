import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { rolesAllow } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { EmptyState, Page } from '@/components/Page.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { brandingQueryOptions } from '@/features/customization/api/customization.ts';
import { BrandingForm } from '@/features/customization/components/BrandingForm.tsx';
import { LogoField } from '@/features/spaces/components/LogoField.tsx';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/branding')({
  staticData: { title: 'Branding' },
  beforeLoad: requireAccess('branding'),
  component: BrandingPage,
});

function BrandingPage() {
  const { api, config } = useServices();
  const { selected: space } = useSpaces();
  const branding = useQuery(brandingQueryOptions(api, config, space.id));
  const canEdit = rolesAllow(space.roles, 'branding.update');
  return (
    <Page title="Branding">
      <section className="settings-section" aria-label="Header logo">
        <h2>Header logo</h2>
        <p className="muted">The horizontal logo replaces the space name at the top of every page.</p>
        <LogoField space={space} kind="second" canEdit={rolesAllow(space.roles, 'space.logo')} />
      </section>
      {branding.isPending ? (
        <PageLoader />
      ) : branding.isError ? (
        <EmptyState title="Branding could not be loaded" hint={branding.error.message} />
      ) : (
        <BrandingForm key={space.id} space={space} branding={branding.data} canEdit={canEdit} />
      )}
    </Page>
  );
}

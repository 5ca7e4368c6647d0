import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { rolesAllow } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Page } from '@/components/Page.tsx';
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
      {/* A failed re-read keeps the form, and what is being typed in it, under a notice. */}
      <AsyncState query={branding} errorTitle="Branding could not be loaded" isEmpty={() => false}>
        {(data) => <BrandingForm key={space.id} space={space} branding={data} canEdit={canEdit} />}
      </AsyncState>
    </Page>
  );
}

import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { rolesAllow } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { Page } from '@/components/Page.tsx';
import { joinCodeQueryOptions } from '@/features/spaces/api/members.ts';
import { LogoField } from '@/features/spaces/components/LogoField.tsx';
import { SpaceDangerZone } from '@/features/spaces/components/SpaceDangerZone.tsx';
import { SpaceSettingsForm } from '@/features/spaces/components/SpaceSettingsForm.tsx';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/settings')({
  staticData: { title: 'Space Settings' },
  beforeLoad: requireAccess('settings'),
  component: SpaceSettingsPage,
});

function SpaceSettingsPage() {
  const { api, config } = useServices();
  const { selected: space } = useSpaces();
  const canReadCode = rolesAllow(space.roles, 'space.code.read');
  const code = useQuery({ ...joinCodeQueryOptions(api, config, space.id), enabled: canReadCode });
  const canEditLogos = rolesAllow(space.roles, 'space.logo');
  return (
    <Page title="Space Settings">
      {/* A new key per space: the form starts from the selected space's values. */}
      <SpaceSettingsForm key={space.id} space={space} />
      <section className="settings-section" aria-label="Logos">
        <h2>Logos</h2>
        <div className="logo-fields">
          <LogoField space={space} kind="icon" canEdit={canEditLogos} />
          <LogoField space={space} kind="second" canEdit={canEditLogos} />
        </div>
      </section>
      {canReadCode && code.data && (
        <section className="settings-section" aria-label="Join code">
          <h2>Join code</h2>
          <p className="muted">People who enter this code on Home join this space.</p>
          <p className="join-code" data-testid="join-code">
            {code.data}
          </p>
        </section>
      )}
      <SpaceDangerZone space={space} />
    </Page>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { EmptyState, Page } from '../../../components/Page.tsx';
import { requireAccess } from '../../../lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/settings')({
  staticData: { title: 'Space Settings' },
  beforeLoad: requireAccess('settings'),
  component: SpaceSettingsPage,
});

function SpaceSettingsPage() {
  return (
    <Page title="Space Settings">
      <EmptyState
        title="No settings to show yet"
        hint="The name, type and country of this space will be editable here."
      />
    </Page>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { EmptyState, Page } from '@/components/Page.tsx';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/integrations')({
  staticData: { title: 'Integrations' },
  beforeLoad: requireAccess('integrations'),
  component: IntegrationsPage,
});

function IntegrationsPage() {
  return (
    <Page title="Integrations">
      <EmptyState title="No integrations yet" hint="Connections to other services will be listed here." />
    </Page>
  );
}

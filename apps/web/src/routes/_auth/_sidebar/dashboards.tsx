import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@tinkercloud/shared';
import { EmptyState, Page } from '../../../components/Page.tsx';
import { requireAccess } from '../../../lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/dashboards')({
  staticData: { title: 'Dashboards' },
  validateSearch: listSearchSchema,
  beforeLoad: requireAccess('dashboards'),
  component: DashboardsPage,
});

function DashboardsPage() {
  return (
    <Page title="Dashboards">
      <EmptyState title="No dashboards yet" hint="Dashboards you build will be listed here." />
    </Page>
  );
}

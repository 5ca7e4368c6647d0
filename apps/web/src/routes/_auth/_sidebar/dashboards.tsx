import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Page } from '@/components/Page.tsx';
import { dashboardsQueryOptions } from '@/features/dashboards/api/dashboards.ts';
import { DashboardsTable } from '@/features/dashboards/components/DashboardsTable.tsx';
import { useLiveUpdates } from '@/features/iot/live/use-live-updates.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/dashboards')({
  staticData: { title: 'Dashboards' },
  validateSearch: listSearchSchema,
  beforeLoad: requireAccess('dashboards'),
  component: DashboardsPage,
});

function DashboardsPage() {
  const { api, config } = useServices();
  const { selected } = useSpaces();
  useLiveUpdates();
  const dashboards = useQuery(dashboardsQueryOptions(api, config, selected.id));
  return (
    <Page title="Dashboards">
      <AsyncState
        query={dashboards}
        errorTitle="Dashboards could not be loaded"
        empty={{
          title: 'No dashboards yet',
          hint: 'A dashboard shows the variables of your things as widgets. Dashboards created through the API are listed here.',
        }}
      >
        {(data) => <DashboardsTable dashboards={data} />}
      </AsyncState>
    </Page>
  );
}

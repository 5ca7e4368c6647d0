import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useServices } from '@/app/services.tsx';
import { Page } from '@/components/Page.tsx';
import { dashboardsQueryOptions, deleteDashboard } from '@/features/dashboards/api/dashboards.ts';
import { dashboardColumns } from '@/features/dashboards/components/dashboard-columns.tsx';
import { useLiveUpdates } from '@/features/iot/live/use-live-updates.ts';
import { GroupList } from '@/features/lists/components/GroupList.tsx';
import { LIST_KINDS } from '@/features/lists/model/list-kinds.ts';
import { listPageSearchSchema } from '@/features/lists/model/list-search.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/dashboards')({
  staticData: { title: 'Dashboards' },
  validateSearch: listPageSearchSchema,
  beforeLoad: requireAccess('dashboards'),
  component: DashboardsPage,
});

const idOf = (dashboard: { id: string }) => dashboard.id;

function DashboardsPage() {
  const { api, config } = useServices();
  const { selected } = useSpaces();
  const { view, forcesearch } = Route.useSearch();
  useLiveUpdates();
  const dashboards = useQuery(dashboardsQueryOptions(api, config, selected.id));
  return (
    <Page title="Dashboards">
      <GroupList
        kind={LIST_KINDS.dashboards}
        path="/dashboards/"
        label="Dashboards"
        records={dashboards}
        idOf={idOf}
        columns={dashboardColumns}
        rowTestId="dashboard-row"
        view={view}
        forceSearch={forcesearch}
        deleteItem={(id) => deleteDashboard(api, config, selected.id, id)}
        errorTitle="Dashboards could not be loaded"
        empty={{
          title: 'No dashboards yet',
          hint: 'A dashboard shows the variables of your things as widgets: values, switches and charts. Dashboards you delete wait in the Trash, where you can restore them.',
        }}
      />
    </Page>
  );
}

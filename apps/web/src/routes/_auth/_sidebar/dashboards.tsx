import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { Page } from '@/components/Page.tsx';
import { dashboardsQueryOptions, deleteDashboard } from '@/features/dashboards/api/dashboards.ts';
import { CreateDashboardDialog } from '@/features/dashboards/components/CreateDashboardDialog.tsx';
import { dashboardColumns } from '@/features/dashboards/components/dashboard-columns.tsx';
import { useLiveUpdates } from '@/features/iot/live/use-live-updates.ts';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
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
  const [creating, setCreating] = useState(false);
  const createButton = spaceAllows(selected, 'iot.write') && (
    <button type="button" className="button" onClick={() => setCreating(true)}>
      Create dashboard
    </button>
  );
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
          hint: 'A dashboard shows the variables of your things as widgets: values, switches and charts. Create one, then add widgets in its editor. Dashboards you delete wait in the Trash, where you can restore them.',
        }}
        actions={createButton}
      />
      {creating && <CreateDashboardDialog onClose={() => setCreating(false)} />}
    </Page>
  );
}

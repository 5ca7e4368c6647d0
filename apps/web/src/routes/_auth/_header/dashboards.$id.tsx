import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { deviceDetailSearchSchema, type GraphRange } from '@tinkercloud/shared';
import { lazy, Suspense, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { NotFound } from '@/components/NotFound.tsx';
import { Page } from '@/components/Page.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { dashboardQueryOptions } from '@/features/dashboards/api/dashboards.ts';
import { DashboardActions } from '@/features/dashboards/components/DashboardActions.tsx';
import { DashboardGrid } from '@/features/dashboards/components/DashboardGrid.tsx';
import { GraphRangeLinks } from '@/features/iot/components/GraphRangeLinks.tsx';
import { useLiveUpdates } from '@/features/iot/live/use-live-updates.ts';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { loadOrNotFound } from '@/lib/load-or-not-found.ts';
import { requireAccess } from '@/lib/route-guards.ts';
import { HeaderPortal } from '@/shell/header-portal.tsx';

// The editor brings the grid library: it loads only when a maker starts editing.
const DashboardEditor = lazy(() => import('@/features/dashboards/components/DashboardEditor.tsx'));

/** A dashboard: its widgets with the live values of their variables; charts cover the chosen range. */
export const Route = createFileRoute('/_auth/_header/dashboards/$id')({
  staticData: { title: 'Dashboard' },
  // The charts' range, as on the device page.
  validateSearch: deviceDetailSearchSchema,
  beforeLoad: requireAccess('dashboards'),
  loader: ({ context, params }) =>
    loadOrNotFound('Dashboard', () =>
      context.queryClient.ensureQueryData(
        dashboardQueryOptions(context.api, context.config, context.spaces.selected().id, params.id),
      ),
    ),
  notFoundComponent: NotFound,
  component: DashboardPage,
});

/** A dashboard is watched as things happen: its charts follow the live values unless a range is chosen. */
const DASHBOARD_GRAPH_RANGE: GraphRange = 'LIVE';

function DashboardPage() {
  const { id } = Route.useParams();
  const { graph = DASHBOARD_GRAPH_RANGE } = Route.useSearch();
  const { api, config } = useServices();
  const { selected } = useSpaces();
  const streaming = useLiveUpdates();
  const { data: dashboard } = useSuspenseQuery(dashboardQueryOptions(api, config, selected.id, id));
  const hasCharts = dashboard.widgets?.some((w) => w.type === 'chart') ?? false;
  // Shared dashboards are read only for the people they are shared with, as for viewers of the space.
  const canEdit = spaceAllows(selected, 'iot.write') && !dashboard.shared_by;
  // Remembered by id: opening another dashboard (a clone) shows it, not the editor.
  const [editingId, setEditingId] = useState<string | null>(null);
  if (editingId === id && canEdit)
    return (
      <Page title={`Edit ${dashboard.name}`}>
        <Suspense fallback={<PageLoader />}>
          <DashboardEditor key={dashboard.id} dashboard={dashboard} onClose={() => setEditingId(null)} />
        </Suspense>
      </Page>
    );
  return (
    <Page title={dashboard.name}>
      <HeaderPortal>
        <Link to="/dashboards/" className="button button-subtle">
          All dashboards
        </Link>
      </HeaderPortal>
      {canEdit ? (
        <DashboardActions dashboard={dashboard} onEdit={() => setEditingId(id)} />
      ) : (
        dashboard.shared_by && (
          <p className="muted">
            Shared with you by {dashboard.shared_by.username ?? 'another user'}: you can look, not change.
          </p>
        )
      )}
      {hasCharts && (
        <GraphRangeLinks to="/dashboards/$id/" id={id} current={graph} className="dashboard-range" />
      )}
      <DashboardGrid
        dashboard={dashboard}
        space={selected.id}
        canWrite={canEdit}
        range={graph}
        streaming={streaming}
      />
    </Page>
  );
}

import { Link } from '@tanstack/react-router';
import type { Column } from '@/components/DataTable.tsx';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import type { Dashboard } from '../api/dashboard-schemas.ts';

/** The dashboards list's columns: name, number of widgets, last change. */
export const dashboardColumns: Column<Dashboard>[] = [
  {
    id: 'name',
    header: 'Name',
    sortValue: (dashboard) => dashboard.name,
    cell: (dashboard) => (
      <Link to="/dashboards/$id/" params={{ id: dashboard.id }}>
        {dashboard.name}
      </Link>
    ),
  },
  {
    id: 'widgets',
    header: 'Widgets',
    sortValue: (dashboard) => dashboard.widgets?.length ?? 0,
    cell: (dashboard) => dashboard.widgets?.length ?? 0,
  },
  {
    id: 'updated',
    header: 'Last change',
    sortValue: (dashboard) => dashboard.updated_at,
    cell: (dashboard) => formatDateTime(dashboard.updated_at),
  },
];

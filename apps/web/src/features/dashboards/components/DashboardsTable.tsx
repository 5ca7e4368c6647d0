import { Link } from '@tanstack/react-router';
import { type Column, DataTable } from '@/components/DataTable.tsx';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import type { Dashboard } from '../api/dashboard-schemas.ts';

const columns: Column<Dashboard>[] = [
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

const rowProps = () => ({ 'data-testid': 'dashboard-row' });

/** The space's dashboards with their number of widgets. */
export function DashboardsTable({ dashboards }: { dashboards: Dashboard[] }) {
  return (
    <DataTable
      label="Dashboards"
      columns={columns}
      rows={dashboards}
      rowKey={(d) => d.id}
      rowProps={rowProps}
    />
  );
}

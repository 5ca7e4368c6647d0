import { Link } from '@tanstack/react-router';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import type { Dashboard } from '../api/dashboard-schemas.ts';

/** The space's dashboards with their number of widgets. */
export function DashboardsTable({ dashboards }: { dashboards: Dashboard[] }) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Dashboards">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Widgets</th>
            <th scope="col">Last change</th>
          </tr>
        </thead>
        <tbody>
          {dashboards.map((dashboard) => (
            <tr key={dashboard.id} data-testid="dashboard-row">
              <td>
                <Link to="/dashboards/$id/" params={{ id: dashboard.id }}>
                  {dashboard.name}
                </Link>
              </td>
              <td>{dashboard.widgets?.length ?? 0}</td>
              <td>{formatDateTime(dashboard.updated_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { Link } from '@tanstack/react-router';
import type { Thing } from '@/features/iot/api/schemas.ts';
import { formatDateTime } from '@/features/iot/model/format-time.ts';

/** The space's things with their device and number of variables. */
export function ThingsTable({ things }: { things: Thing[] }) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Things">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Device</th>
            <th scope="col">Variables</th>
            <th scope="col">Last change</th>
          </tr>
        </thead>
        <tbody>
          {things.map((thing) => (
            <tr key={thing.id} data-testid="thing-row">
              <td>
                <Link to="/things/$id/" params={{ id: thing.id }}>
                  {thing.name}
                </Link>
              </td>
              <td>
                {thing.device_id ? (
                  <Link to="/devices/$id/" params={{ id: thing.device_id }}>
                    {thing.device_name ?? 'Device'}
                  </Link>
                ) : (
                  <span className="muted">None</span>
                )}
              </td>
              <td>{thing.properties_count ?? '–'}</td>
              <td>{formatDateTime(thing.updated_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { Link } from '@tanstack/react-router';
import type { Column } from '@/components/DataTable.tsx';
import type { Thing } from '@/features/iot/api/schemas.ts';
import { formatDateTime } from '@/features/iot/model/format-time.ts';

/** The things list's columns: name, device, number of variables, last change. */
export const thingColumns: Column<Thing>[] = [
  {
    id: 'name',
    header: 'Name',
    sortValue: (thing) => thing.name,
    cell: (thing) => (
      <Link to="/things/$id/" params={{ id: thing.id }}>
        {thing.name}
      </Link>
    ),
  },
  {
    id: 'device',
    header: 'Device',
    sortValue: (thing) => thing.device_name,
    cell: (thing) =>
      thing.device_id ? (
        <Link to="/devices/$id/" params={{ id: thing.device_id }}>
          {thing.device_name ?? 'Device'}
        </Link>
      ) : (
        <span className="muted">None</span>
      ),
  },
  {
    id: 'variables',
    header: 'Variables',
    sortValue: (thing) => thing.properties_count,
    cell: (thing) => thing.properties_count ?? '–',
  },
  {
    id: 'updated',
    header: 'Last change',
    sortValue: (thing) => thing.updated_at,
    cell: (thing) => formatDateTime(thing.updated_at),
  },
];

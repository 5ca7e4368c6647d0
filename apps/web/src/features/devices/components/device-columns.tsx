import { Link } from '@tanstack/react-router';
import type { Column } from '@/components/DataTable.tsx';
import type { Device } from '@/features/iot/api/schemas.ts';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { DeviceStatusBadge } from './DeviceStatusBadge.tsx';

/** The devices list's columns (features/lists adds folders, Move and Delete): name, board, status, bound thing, last activity. */
export const deviceColumns: Column<Device>[] = [
  {
    id: 'name',
    header: 'Name',
    sortValue: (device) => device.name,
    cell: (device) => (
      <Link to="/devices/$id/" params={{ id: device.id }}>
        {device.name}
      </Link>
    ),
  },
  {
    id: 'type',
    header: 'Type',
    sortValue: (device) => device.label ?? device.type,
    cell: (device) => (
      <>
        {device.label ?? device.type}
        <span className="table-sub">{device.fqbn ?? device.type}</span>
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    sortValue: (device) => device.device_status,
    cell: (device) => <DeviceStatusBadge status={device.device_status} />,
  },
  {
    id: 'thing',
    header: 'Thing',
    sortValue: (device) => device.thing?.name,
    cell: (device) =>
      device.thing ? (
        <Link to="/things/$id/" params={{ id: device.thing.id }}>
          {device.thing.name ?? 'Thing'}
        </Link>
      ) : (
        <span className="muted">None</span>
      ),
  },
  {
    id: 'activity',
    header: 'Last activity',
    sortValue: (device) => device.last_activity_at,
    cell: (device) => (device.last_activity_at ? formatDateTime(device.last_activity_at) : 'Never'),
  },
];

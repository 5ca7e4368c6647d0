import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { type Column, DataTable } from '@/components/DataTable.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import type { Device } from '@/features/iot/api/schemas.ts';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { useDeleteDevice } from '../api/use-delete-device.ts';
import { DeviceStatusBadge } from './DeviceStatusBadge.tsx';

const columns: Column<Device>[] = [
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

const rowProps = () => ({ 'data-testid': 'device-row' });

/** The space's devices: name, board, status, bound thing and last activity; delete when the role allows. */
export function DevicesTable({ devices, canDelete }: { devices: Device[]; canDelete: boolean }) {
  const [deleting, setDeleting] = useState<Device | null>(null);
  const withActions: Column<Device>[] = canDelete
    ? [
        ...columns,
        {
          id: 'actions',
          header: 'Actions',
          cell: (device) => (
            <Button
              variant="subtle"
              className="button-small"
              onClick={() => setDeleting(device)}
              aria-label={`Delete ${device.name}`}
            >
              Delete
            </Button>
          ),
        },
      ]
    : columns;
  return (
    <>
      <DataTable
        label="Devices"
        columns={withActions}
        rows={devices}
        rowKey={(d) => d.id}
        rowProps={rowProps}
      />
      {deleting && <DeleteDeviceDialog device={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

function DeleteDeviceDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const remove = useDeleteDevice();
  return (
    <Dialog label="Delete device" onClose={onClose}>
      <p>
        Delete <strong>{device.name}</strong>? It can no longer connect
        {device.thing ? ', and its thing is unbound' : ''}.
      </p>
      <div className="modal-actions">
        <Button variant="subtle" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => remove.mutateAsync(device).then(onClose)}>
          Delete device
        </Button>
      </div>
    </Dialog>
  );
}

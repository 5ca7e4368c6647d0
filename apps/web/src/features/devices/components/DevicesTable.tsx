import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { LoadingButton } from '@/components/LoadingButton.tsx';
import { Modal } from '@/components/Modal.tsx';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { Device } from '@/features/iot/api/schemas.ts';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import { deleteDevice } from '../api/devices.ts';
import { DeviceStatusBadge } from './DeviceStatusBadge.tsx';

/** The space's devices: name, board, status, bound thing and last activity; delete when the role allows. */
export function DevicesTable({ devices, canDelete }: { devices: Device[]; canDelete: boolean }) {
  const [deleting, setDeleting] = useState<Device | null>(null);
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Devices">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Status</th>
            <th scope="col">Thing</th>
            <th scope="col">Last activity</th>
            {canDelete && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {devices.map((device) => (
            <tr key={device.id} data-testid="device-row">
              <td>
                <Link to="/devices/$id/" params={{ id: device.id }}>
                  {device.name}
                </Link>
              </td>
              <td>
                {device.label ?? device.type}
                <span className="table-sub">{device.fqbn ?? device.type}</span>
              </td>
              <td>
                <DeviceStatusBadge status={device.device_status} />
              </td>
              <td>
                {device.thing ? (
                  <Link to="/things/$id/" params={{ id: device.thing.id }}>
                    {device.thing.name ?? 'Thing'}
                  </Link>
                ) : (
                  <span className="muted">None</span>
                )}
              </td>
              <td>{device.last_activity_at ? formatDateTime(device.last_activity_at) : 'Never'}</td>
              {canDelete && (
                <td className="table-actions">
                  <button
                    type="button"
                    className="button button-subtle button-small"
                    onClick={() => setDeleting(device)}
                    aria-label={`Delete ${device.name}`}
                  >
                    Delete
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {deleting && <DeleteDeviceDialog device={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}

function DeleteDeviceDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const { api, config } = useServices();
  const space = useSpaces().selected.id;
  const queryClient = useQueryClient();
  const remove = async () => {
    try {
      await deleteDevice(api, config, space, device.id);
      toast.success(`${device.name} was deleted`);
      queryClient.setQueryData<Device[]>(iotKeys.devices(space), (list) =>
        list?.filter((d) => d.id !== device.id),
      );
      void queryClient.invalidateQueries({ queryKey: iotKeys.devices(space) });
      if (device.thing) void queryClient.invalidateQueries({ queryKey: iotKeys.things(space) });
      onClose();
    } catch (error) {
      toast.error(networkErrorMessage(error));
    }
  };
  return (
    <Modal label="Delete device" onClose={onClose}>
      <p>
        Delete <strong>{device.name}</strong>? It can no longer connect
        {device.thing ? ', and its thing is unbound' : ''}.
      </p>
      <div className="modal-actions">
        <button type="button" className="button button-subtle" onClick={onClose}>
          Cancel
        </button>
        <LoadingButton className="button-danger" onClick={remove}>
          Delete device
        </LoadingButton>
      </div>
    </Modal>
  );
}

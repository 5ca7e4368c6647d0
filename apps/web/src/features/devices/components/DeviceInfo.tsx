import { Link } from '@tanstack/react-router';
import { CopyField } from '@/components/CopyField.tsx';
import type { Device } from '@/features/iot/api/schemas.ts';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { DeviceStatusBadge } from './DeviceStatusBadge.tsx';

/** What the device is and how it is doing. */
export function DeviceInfo({ device }: { device: Device }) {
  return (
    <section className="card" aria-labelledby="device-info-title">
      <h2 id="device-info-title">Device</h2>
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <DeviceStatusBadge status={device.device_status} />
        </dd>
        <dt>Type</dt>
        <dd>
          {device.label ?? device.type}
          {device.fqbn && <span className="table-sub">{device.fqbn}</span>}
        </dd>
        <dt>Thing</dt>
        <dd>
          {device.thing ? (
            <Link to="/things/$id/" params={{ id: device.thing.id }}>
              {device.thing.name ?? 'Thing'}
            </Link>
          ) : (
            'None'
          )}
        </dd>
        <dt>Last activity</dt>
        <dd>{device.last_activity_at ? formatDateTime(device.last_activity_at) : 'Never'}</dd>
        {device.lib_version && (
          <>
            <dt>Library version</dt>
            <dd>{device.lib_version}</dd>
          </>
        )}
        {device.wifi_fw_version && (
          <>
            <dt>Wi-Fi firmware</dt>
            <dd>{device.wifi_fw_version}</dd>
          </>
        )}
        <dt>Created</dt>
        <dd>{formatDateTime(device.created_at)}</dd>
      </dl>
      <CopyField label="Device ID" value={device.id} />
    </section>
  );
}

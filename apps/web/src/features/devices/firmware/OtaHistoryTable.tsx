import { formatBytes } from '@tinkercloud/shared';
import type { Ota } from '@/features/devices/api/ota.ts';
import { formatDateTime } from '../../iot/model/format-time.ts';

/** `in_progress` → `In progress`, as arduino-cloud-cli shows statuses. */
export const statusLabel = (status: string) => {
  const words = status.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The device's over-the-air updates, newest first (spec 7.4). */
export function OtaHistoryTable({ otas }: { otas: Ota[] }) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Firmware updates">
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Status</th>
            <th scope="col">Ended</th>
            <th scope="col">Size</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {otas.map((ota) => (
            <tr key={ota.id} data-testid="ota-row" data-status={ota.status}>
              <td>
                <time dateTime={ota.started_at}>{formatDateTime(ota.started_at)}</time>
              </td>
              <td>{statusLabel(ota.status)}</td>
              <td>
                {ota.ended_at ? <time dateTime={ota.ended_at}>{formatDateTime(ota.ended_at)}</time> : '–'}
              </td>
              <td>{ota.firmware_size === undefined ? '–' : formatBytes(ota.firmware_size)}</td>
              <td>
                {ota.error_reason ??
                  (ota.sha256 ? <code title={ota.sha256}>{ota.sha256.slice(0, 12)}</code> : '–')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

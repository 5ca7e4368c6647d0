import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { formatBytes } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { EmptyState } from '@/components/Page.tsx';
import { otaHistoryQueryOptions } from '@/features/devices/api/ota.ts';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';

export const Route = createFileRoute('/_auth/_header/devices/$id/fwupdate')({
  staticData: { title: 'Firmware update' },
  component: FirmwareUpdates,
});

/** `in_progress` → `In progress`, as arduino-cloud-cli shows statuses. */
const statusLabel = (status: string) => {
  const words = status.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The device's over-the-air updates, newest first (spec 7.4). */
function FirmwareUpdates() {
  const { id } = Route.useParams();
  const { api, config } = useServices();
  const { selected } = useSpaces();
  const query = useQuery(otaHistoryQueryOptions(api, config, selected.id, id));
  if (query.isPending) return <p className="muted">Loading…</p>;
  if (query.isError)
    return <EmptyState title="Firmware updates could not be loaded" hint={query.error.message} />;
  if (query.data.length === 0)
    return <EmptyState title="No firmware updates yet" hint="Over-the-air updates will be listed here." />;
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
          {query.data.map((ota) => (
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

import { useQuery } from '@tanstack/react-query';
import { useServices } from '@/app/services.tsx';
import { reReadFailed, StaleNotice } from '@/components/StaleNotice.tsx';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { deviceStatusQueryOptions } from '../api/devices.ts';

/** The device's last connections and disconnections, newest first. */
export function StatusHistory({ space, deviceId }: { space: string; deviceId: string }) {
  const { api, config } = useServices();
  const query = useQuery(deviceStatusQueryOptions(api, config, space, deviceId));
  return (
    <section className="card" aria-labelledby="status-history-title">
      <h2 id="status-history-title">Status history</h2>
      {reReadFailed(query) && <StaleNotice error={query.error} />}
      {query.isPending ? (
        <p className="muted">Loading…</p>
      ) : query.data === undefined ? (
        <p className="muted">The history could not be loaded: {query.error?.message}</p>
      ) : query.data.length === 0 ? (
        <p className="muted">The device has not connected yet.</p>
      ) : (
        <ol className="status-history">
          {query.data.map((event) => (
            <li key={`${event.updated_at}-${event.value}`} data-value={event.value}>
              <span className="status-history-value">
                {event.value === 'CONNECTED' ? 'Connected' : 'Disconnected'}
              </span>
              <time dateTime={event.updated_at}>{formatDateTime(event.updated_at)}</time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

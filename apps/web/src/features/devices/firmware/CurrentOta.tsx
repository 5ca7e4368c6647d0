import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Ota } from '@/features/devices/api/ota.ts';
import { readAgain } from '@/lib/query-client.ts';
import { useServices } from '../../../app/services.tsx';
import { iotKeys } from '../../iot/api/query-keys.ts';
import { formatDateTime } from '../../iot/model/format-time.ts';
import { statusLabel } from './OtaHistoryTable.tsx';
import { cancelOta, OTA_POLL_MS, otaDetailQueryOptions } from './ota-api.ts';

/** The update under way: its status, the steps the device reported so far, and a way to cancel it. */
export function CurrentOta({ space, deviceId, ota }: { space: string; deviceId: string; ota: Ota }) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  const detail = useQuery({
    ...otaDetailQueryOptions(api, config, space, deviceId, ota.id),
    refetchInterval: OTA_POLL_MS,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const states = detail.data?.states ?? [];

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      await cancelOta(api, config, space, ota.id);
      await readAgain(queryClient, iotKeys.deviceOta(space, deviceId));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card current-ota" aria-labelledby="current-ota-title" data-testid="current-ota">
      <h2 id="current-ota-title">Update under way</h2>
      <p role="status" data-testid="current-ota-status" data-status={ota.status}>
        {statusLabel(ota.status)}
        {ota.status === 'pending' && ': waiting for the device to take it.'}
      </p>
      {states.length > 0 && (
        <ol className="ota-states" aria-label="Update steps">
          {states.map((s) => (
            <li key={`${s.timestamp}-${s.state}`}>
              <time dateTime={s.timestamp}>{formatDateTime(s.timestamp)}</time> {statusLabel(s.state)}
              {s.state_data ? ` (${s.state_data})` : ''}
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button button-danger" disabled={busy} onClick={() => void cancel()}>
        Cancel update
      </button>
    </section>
  );
}

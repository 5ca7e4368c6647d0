import { useQuery } from '@tanstack/react-query';
import { reReadFailed, StaleNotice } from '@/components/StaleNotice.tsx';
import { otaHistoryQueryOptions } from '@/features/devices/api/ota.ts';
import { useServices } from '../../../app/services.tsx';
import { EmptyState } from '../../../components/Page.tsx';
import { spaceAllows } from '../../iot/model/permissions.ts';
import { useSpaces } from '../../spaces/hooks.ts';
import { CurrentOta } from './CurrentOta.tsx';
import { FirmwareUpload } from './FirmwareUpload.tsx';
import { OtaHistoryTable } from './OtaHistoryTable.tsx';
import { OTA_POLL_MS, UNFINISHED_OTA } from './ota-api.ts';
import './firmware.css';

/** The Firmware tab: upload a binary, follow the update under way (or cancel it), and the history. */
export function FirmwarePage({ deviceId }: { deviceId: string }) {
  const { api, config } = useServices();
  const { selected } = useSpaces();
  const history = useQuery({
    ...otaHistoryQueryOptions(api, config, selected.id, deviceId),
    // Read again while an update can still change, so its end shows without a reload.
    refetchInterval: (query) =>
      query.state.data?.some((o) => UNFINISHED_OTA.has(o.status)) ? OTA_POLL_MS : false,
  });
  const current = history.data?.find((o) => UNFINISHED_OTA.has(o.status));
  const canWrite = spaceAllows(selected, 'iot.write');
  return (
    <>
      {canWrite && <FirmwareUpload space={selected.id} deviceId={deviceId} disabled={!!current} />}
      {current && <CurrentOta key={current.id} space={selected.id} deviceId={deviceId} ota={current} />}
      {reReadFailed(history) && <StaleNotice error={history.error} />}
      {history.isPending ? (
        <p className="muted">Loading…</p>
      ) : history.data === undefined ? (
        <EmptyState title="Firmware updates could not be loaded" hint={history.error?.message} />
      ) : history.data.length === 0 ? (
        <EmptyState title="No firmware updates yet" hint="Over-the-air updates will be listed here." />
      ) : (
        <OtaHistoryTable otas={history.data} />
      )}
    </>
  );
}

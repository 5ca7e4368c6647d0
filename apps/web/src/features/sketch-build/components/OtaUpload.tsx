import type { CompileJob } from '@tinkercloud/shared';
import { Button } from '@/components/Button.tsx';
import { statusLabel } from '@/features/devices/firmware/OtaHistoryTable.tsx';
import type { Device } from '@/features/iot/api/schemas.ts';
import { useSketchesApi } from '@/features/sketches/api/use-sketches-api.ts';
import { toast } from '@/lib/toast.tsx';
import { artefactFile, readArtefact } from '../api/compile-api.ts';
import { useOtaProgress, useSendOta } from '../api/use-send-ota.ts';

/**
 * One click sends the program to the bound device through its OTA flow; the update's states follow as the
 * device reports them. An offline device cannot take it, so the button says why instead.
 */
export function OtaUpload({ job, device }: { job: CompileJob; device: Device }) {
  const s = useSketchesApi();
  const send = useSendOta(device.id, device.name);
  const progress = useOtaProgress(device.id, send.data?.ota_id);
  const online = device.device_status === 'ONLINE';
  const ota = progress.data?.ota;
  const states = progress.data?.states ?? [];

  return (
    <>
      <Button
        variant="subtle"
        disabled={!online}
        loading={send.isPending}
        aria-describedby={online ? undefined : `ota-offline-${device.id}`}
        onClick={async () => {
          try {
            send.mutate(artefactFile(await readArtefact(s, job)));
          } catch (error) {
            toast.error(error instanceof Error ? error.message : String(error));
          }
        }}
      >
        Upload over the air
      </Button>
      {!online && (
        <span id={`ota-offline-${device.id}`} className="muted">
          {device.name} is offline: it takes an update once it is connected.
        </span>
      )}
      {ota && (
        <p role="status" className="build-ota" data-status={ota.status}>
          Update of {device.name}: {statusLabel(ota.status)}
          {states.length > 0 && ` (last step: ${statusLabel(states[states.length - 1]?.state ?? '')})`}
          {ota.error_reason ? `: ${ota.error_reason}` : ''}
        </p>
      )}
    </>
  );
}

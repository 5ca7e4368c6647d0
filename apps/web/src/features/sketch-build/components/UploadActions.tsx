import type { CompileJob } from '@tinkercloud/shared';
import { Button } from '@/components/Button.tsx';
import type { Device } from '@/features/iot/api/schemas.ts';
import { useSketchesApi } from '@/features/sketches/api/use-sketches-api.ts';
import { saveBlob } from '@/features/sketches/model/save-blob.ts';
import { toast } from '@/lib/toast.tsx';
import { artefactFile, readArtefact } from '../api/compile-api.ts';
import { usbMethodOf } from '../model/usb-method.ts';
import { OtaUpload } from './OtaUpload.tsx';
import { UsbUpload } from './UsbUpload.tsx';

/**
 * Where a built program can go: the bound device over the air, a board on USB (Web Serial, behind the
 * `provisioning-force-webserial` switch), or a download.
 */
export function UploadActions({
  job,
  device,
  webSerial,
}: {
  job: CompileJob;
  device: Device | undefined;
  /** Whether USB uploads are offered here (the panel reads it once: `usb/web-serial-available.ts`). */
  webSerial: boolean;
}) {
  const s = useSketchesApi();
  const usb = usbMethodOf(job.fqbn);

  const download = async () => {
    try {
      const file = artefactFile(await readArtefact(s, job));
      saveBlob(file.name, file);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div className="build-upload">
      <div className="build-actions">
        <Button variant="subtle" onClick={download}>
          Download program
        </Button>
        {device && <OtaUpload job={job} device={device} />}
        {webSerial && usb.kind !== 'none' && <UsbUpload job={job} method={usb} />}
      </div>
      {!device && (
        <p className="muted">Bind a device to this sketch's thing to upload the program over the air.</p>
      )}
      {!webSerial && (
        <p className="muted">
          Upload over USB: in Chrome or Edge, turn on provisioning-force-webserial under Developer flags in
          the user menu.
        </p>
      )}
      {webSerial && usb.kind === 'none' && <p className="muted">{usb.reason}</p>}
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { formatBytes } from '@tinkercloud/shared';
import { type FormEvent, useState } from 'react';
import { readAgain } from '@/lib/query-client.ts';
import { useServices } from '../../../app/services.tsx';
import { Field } from '../../../components/Field.tsx';
import { iotKeys } from '../../iot/api/query-keys.ts';
import { OTA_MAX_BYTES, uploadFirmware } from './ota-api.ts';

/** Sends a compiled binary to the device over the air; the server answers at once, the device follows. */
export function FirmwareUpload({
  space,
  deviceId,
  disabled,
}: {
  space: string;
  deviceId: string;
  disabled: boolean;
}) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Kept before the await: React clears currentTarget once the handler has returned.
    const form = event.currentTarget;
    if (busy) return;
    const problem = !file
      ? 'Choose a firmware file.'
      : file.size === 0
        ? 'The file is empty.'
        : file.size > OTA_MAX_BYTES
          ? `The file is larger than ${formatBytes(OTA_MAX_BYTES)}.`
          : null;
    setError(problem);
    if (problem || !file) return;
    setBusy(true);
    try {
      await uploadFirmware(api, config, space, deviceId, file);
      form.reset();
      setFile(null);
      await readAgain(queryClient, iotKeys.deviceOta(space, deviceId));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form card firmware-upload" onSubmit={(event) => void submit(event)} noValidate>
      <Field
        label="Firmware file"
        hint={`A compiled binary (.bin or .ota), at most ${formatBytes(OTA_MAX_BYTES)}.`}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept=".bin,.ota,.hex,.elf,application/octet-stream"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            aria-invalid={error ? true : undefined}
          />
        )}
      </Field>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="page-actions">
        <button type="submit" className="button" disabled={busy || disabled} aria-busy={busy}>
          {busy && <span className="spinner spinner-small" aria-hidden="true" />}
          Upload and update
        </button>
        {disabled && <span className="muted">An update is under way.</span>}
      </div>
    </form>
  );
}

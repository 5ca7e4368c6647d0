import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { CopyField } from '@/components/CopyField.tsx';
import { DeviceNameField } from '@/features/devices/components/DeviceNameField.tsx';
import { readAgain } from '@/lib/query-client.ts';
import { useServices } from '../../../app/services.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { iotKeys } from '../../iot/api/query-keys.ts';
import { useSpaces } from '../../spaces/hooks.ts';
import { createGenericDevice, type NewDevice } from '../api/devices.ts';
import { deviceNameProblem } from '../model/device-name.ts';

/** With the broker's address from the server's config, so the simulator reaches this server's broker. */
export const simulatorCommand = (deviceId: string, secretKey: string, brokerUrl?: string | null) =>
  `npm run device -- --device-id ${deviceId} --secret-key ${secretKey}${brokerUrl ? ` --url ${brokerUrl}` : ''}`;

/**
 * Adds a generic device: a name, then its id and secret key, shown this once (the server keeps only a hash
 * of the key), with the command that starts the simulator as this device.
 */
export function CreateDeviceDialog({ onClose }: { onClose: () => void }) {
  const { api, config } = useServices();
  const space = useSpaces().selected.id;
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<NewDevice | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = deviceNameProblem(name);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      setCreated(await createGenericDevice(api, config, space, name.trim()));
      void readAgain(queryClient, iotKeys.devices(space));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    const { device, secretKey } = created;
    return (
      <Dialog label="Device created" onClose={onClose}>
        <p>
          <strong>{device.name}</strong> is ready. Copy its secret key now: it is shown only this once and
          cannot be read back later.
        </p>
        <CopyField label="Device ID" value={device.id} testId="new-device-id" />
        <CopyField label="Secret key" value={secretKey} testId="new-device-secret" />
        <CopyField
          label="Simulator command"
          value={simulatorCommand(device.id, secretKey, config.mqtt?.url)}
          testId="new-device-command"
        />
        <div className="modal-actions">
          <Link to="/devices/$id/" params={{ id: device.id }} className="button button-subtle">
            Open device
          </Link>
          <button type="button" className="button" onClick={onClose}>
            Done
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog label="Add device" onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="muted">
          A generic device signs in with its device ID and a secret key: an ESP32 or ESP8266 board, or the
          simulator.
        </p>
        <DeviceNameField value={name} onChange={setName} error={error} autoFocus />
        <div className="modal-actions">
          <button type="button" className="button button-subtle" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            {busy && <span className="spinner spinner-small" aria-hidden="true" />}
            Create device
          </button>
        </div>
      </form>
    </Dialog>
  );
}

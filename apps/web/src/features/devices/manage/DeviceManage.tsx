import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { CopyField } from '@/components/CopyField.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import type { Device } from '@/features/iot/api/schemas.ts';
import { useIotContext } from '@/features/things/api/use-iot-context.ts';
import { DeviceNameField } from '../components/DeviceNameField.tsx';
import { deviceNameProblem } from '../model/device-name.ts';
import { credentialQueryOptions } from '../network-config/network-config.ts';
import { useRegenerateKey, useRenameDevice } from './device-writes.ts';

/** The device page's Rename and, for a device that signs in with a secret key, Regenerate secret key. */
export function DeviceManage({ device }: { device: Device }) {
  const ctx = useIotContext();
  // The Network tab's query (one cache entry for the key's state, whichever page reads it first).
  const credential = useQuery(credentialQueryOptions(ctx.api, ctx.config, ctx.space, device));
  const [open, setOpen] = useState<'rename' | 'key' | null>(null);
  const close = () => setOpen(null);
  return (
    <div className="page-actions device-manage">
      <Button variant="subtle" onClick={() => setOpen('rename')}>
        Rename device
      </Button>
      {credential.data?.kind === 'key' && credential.data.set && (
        <Button variant="subtle" onClick={() => setOpen('key')}>
          Regenerate secret key
        </Button>
      )}
      {open === 'rename' && <RenameDeviceDialog device={device} onClose={close} />}
      {open === 'key' && <RegenerateKeyDialog device={device} onClose={close} />}
    </div>
  );
}

function RenameDeviceDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const rename = useRenameDevice(device.id, device.thing?.id);
  const [name, setName] = useState(device.name);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rename.isPending) return;
    const problem = deviceNameProblem(name);
    setError(problem);
    if (problem) return;
    if (name.trim() === device.name) return onClose();
    try {
      await rename.mutateAsync(name.trim());
      onClose();
    } catch {
      // The write's toast said why; the name stays to be corrected.
    }
  };
  return (
    <Dialog label="Rename device" onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <DeviceNameField value={name} onChange={setName} error={error} autoFocus />
        <div className="modal-actions">
          <Button variant="subtle" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending}>
            Rename
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Asks first (the board must be flashed again), then shows the new key this once. */
function RegenerateKeyDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const regenerate = useRegenerateKey(device.id);
  const key = regenerate.data;
  if (key) {
    return (
      <Dialog label="New secret key" onClose={onClose}>
        <p className="notice notice-warning" role="status">
          Copy the secret key now: it is shown only this once and cannot be read back later.
        </p>
        <CopyField label="Device ID" value={device.id} />
        <CopyField label="Secret key" value={key} testId="regenerated-secret" />
        <p className="muted">
          Put it in the board's sketch (SECRET_DEVICE_KEY in arduino_secrets.h) or the simulator and flash the
          board again.
        </p>
        <div className="modal-actions">
          <Button onClick={onClose}>Done</Button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog label="Regenerate secret key" onClose={onClose}>
      <p>
        Give <strong>{device.name}</strong> a new secret key? The current key stops working at once: the board
        is disconnected and cannot connect again until it is flashed with the new key.
      </p>
      <div className="modal-actions">
        <Button variant="subtle" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          loading={regenerate.isPending}
          onClick={() => regenerate.mutateAsync().catch(() => undefined)}
        >
          Regenerate key
        </Button>
      </div>
    </Dialog>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { createKeyedDevice } from '@/features/devices/api/devices.ts';
import { DeviceNameField } from '@/features/devices/components/DeviceNameField.tsx';
import { readAgain } from '@/lib/query-client.ts';
import { useServices } from '../../../../app/services.tsx';
import { iotKeys } from '../../../iot/api/query-keys.ts';
import { useSpaces } from '../../../spaces/hooks.ts';
import { deviceNameProblem } from '../../model/device-name.ts';
import { bindToThing } from '../api/bind-to-thing.ts';
import type { DeviceCredentials } from '../model/credentials.ts';
import { NO_BOARD, THIRD_PARTY_BOARDS, type ThirdPartyBoard } from '../model/third-party-boards.ts';
import { DeviceCredentialsCard } from './DeviceCredentialsCard.tsx';

/**
 * A device that signs in with its id and a secret key: a third-party board (`type=3p`: ESP32, ESP8266 or
 * any MQTT client) or no board at all (`type=none`: the simulator plays it). A name, then the credentials.
 */
export function KeyedDeviceSetup({ kind, thingId }: { kind: '3p' | 'none'; thingId?: string | undefined }) {
  const { api, config } = useServices();
  const space = useSpaces().selected.id;
  const queryClient = useQueryClient();
  const [boardKey, setBoardKey] = useState<ThirdPartyBoard['key']>('esp32');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ credentials: DeviceCredentials; board: ThirdPartyBoard } | null>(
    null,
  );
  const board = kind === 'none' ? NO_BOARD : (THIRD_PARTY_BOARDS.find((b) => b.key === boardKey) ?? NO_BOARD);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = deviceNameProblem(name);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const { device, secretKey } = await createKeyedDevice(api, config, space, {
        name: name.trim(),
        type: board.type,
        fqbn: board.fqbn,
      });
      if (thingId) await bindToThing(api, config, space, thingId, device.id);
      setCreated({ credentials: { deviceId: device.id, deviceName: device.name, secretKey }, board });
      void readAgain(queryClient, iotKeys.space(space));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  if (created)
    return (
      <DeviceCredentialsCard
        credentials={created.credentials}
        sketch={created.board.sketch}
        thingId={thingId}
      />
    );

  return (
    <section className="flow-card new-device-card" aria-labelledby="keyed-title">
      <h2 id="keyed-title">{kind === 'none' ? 'A device without a board' : 'A third-party board'}</h2>
      <p className="muted">
        {kind === 'none'
          ? 'No board at hand: the device simulator (or your own MQTT code) signs in as this device with its ID and secret key.'
          : 'ESP32 and ESP8266 boards run the ArduinoIoTCloud library and sign in with a device ID and a secret key; so can any MQTT client.'}
      </p>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        {kind === '3p' && (
          <fieldset className="new-device-boards">
            <legend className="field-label">Board</legend>
            {THIRD_PARTY_BOARDS.map((b) => (
              <label key={b.key} className="checkbox-field">
                <input
                  type="radio"
                  name="board"
                  value={b.key}
                  checked={boardKey === b.key}
                  onChange={() => setBoardKey(b.key)}
                />
                {b.label}
              </label>
            ))}
          </fieldset>
        )}
        <DeviceNameField value={name} onChange={setName} error={error} />
        <div className="page-actions">
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            {busy && <span className="spinner spinner-small" aria-hidden="true" />}
            Create device
          </button>
        </div>
      </form>
    </section>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { isThingName, THING_NAME_MAX_LENGTH } from '@tinkercloud/shared';
import type { TimezoneInfo } from '@tinkercloud/shared/iot';
import { type FormEvent, useState } from 'react';
import { Dialog } from '@/components/Dialog.tsx';
import { FormField } from '@/components/FormField.tsx';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import { readAgain } from '@/lib/query-client.ts';
import { networkErrorMessage } from '@/lib/toast.tsx';
import { createThing, timezonesQueryOptions } from '../api/thing-writes.ts';
import { useIotContext } from '../api/use-iot-context.ts';
import { DeviceSelect } from './ThingDevicePicker.tsx';

/** The server's rule for thing names (packages/shared), in words. */
export function thingNameProblem(name: string): string | null {
  if (name.trim() === '') return 'Enter a name for the thing.';
  return isThingName(name.trim())
    ? null
    : `Use letters, digits, spaces and _ . - only, at most ${THING_NAME_MAX_LENGTH} characters.`;
}

/** The browser's own time zone when the server knows it, else UTC, so most makers need not pick one. */
export function defaultTimezone(zones: readonly TimezoneInfo[], local = browserTimezone()): string {
  const names = zones.map((z) => z.name);
  return [local, 'Etc/UTC', 'UTC'].find((n) => n && names.includes(n)) ?? names[0] ?? '';
}
const browserTimezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const offsetLabel = (seconds: number) => {
  const sign = seconds < 0 ? '−' : '+';
  const abs = Math.abs(seconds);
  const h = Math.floor(abs / 3600);
  const m = Math.floor((abs % 3600) / 60);
  return `UTC${sign}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
};

/** Creates a thing with a name, a time zone and, optionally, the device that runs it; then opens it. */
export function CreateThingDialog({ onClose }: { onClose: () => void }) {
  const ctx = useIotContext();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const zones = useQuery(timezonesQueryOptions(ctx));
  const [name, setName] = useState('');
  const [zone, setZone] = useState<string | null>(null);
  const [device, setDevice] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timezone = zone ?? defaultTimezone(zones.data ?? []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = thingNameProblem(name);
    setNameError(problem);
    if (problem || !timezone) return;
    setBusy(true);
    setFailure(null);
    try {
      const thing = await createThing(ctx, {
        name: name.trim(),
        timezone,
        ...(device ? { device_id: device } : {}),
      });
      await Promise.all([
        readAgain(queryClient, iotKeys.things(ctx.space)),
        readAgain(queryClient, iotKeys.devices(ctx.space)),
      ]);
      onClose();
      await navigate({ to: '/things/$id/', params: { id: thing.id } });
    } catch (err) {
      setFailure(networkErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog label="Create thing" onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="muted">A thing holds the variables a device reads and writes.</p>
        <FormField label="Thing name" error={nameError}>
          {(control) => (
            <input
              {...control}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={THING_NAME_MAX_LENGTH}
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField label="Time zone" hint="Schedules and the device's local time use it.">
          {(control) => (
            <select
              {...control}
              value={timezone}
              onChange={(event) => setZone(event.target.value)}
              disabled={zones.isPending}
            >
              {zones.data?.map((z) => (
                <option key={z.name} value={z.name}>
                  {z.name} ({offsetLabel(z.offset)})
                </option>
              ))}
            </select>
          )}
        </FormField>
        <DeviceSelect space={ctx.space} value={device} onChange={setDevice} label="Device (optional)" />
        {(failure || zones.isError) && (
          <p className="field-error" role="alert">
            {failure ?? 'Time zones could not be loaded.'}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="button button-subtle" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy || !timezone} aria-busy={busy}>
            {busy && <span className="spinner spinner-small" aria-hidden="true" />}
            Create thing
          </button>
        </div>
      </form>
    </Dialog>
  );
}

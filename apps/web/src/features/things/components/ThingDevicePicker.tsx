import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '@/app/services.tsx';
import { Field } from '@/components/Field.tsx';
import { LoadingButton } from '@/components/LoadingButton.tsx';
import { devicesQueryOptions } from '@/features/devices/api/devices.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { Thing } from '@/features/iot/api/schemas.ts';
import { readAgain } from '@/lib/query-client.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import { useDraft } from '@/lib/use-draft.ts';
import { bindDevice } from '../api/things.ts';

/**
 * The space's devices as a labelled select, "No device" first. Devices that already run another thing than
 * `thingId` are listed but not offered.
 */
export function DeviceSelect({
  space,
  thingId,
  value,
  onChange,
  label = 'Bound device',
}: {
  space: string;
  thingId?: string;
  value: string;
  onChange: (deviceId: string) => void;
  label?: string;
}) {
  const { api, config } = useServices();
  const devices = useQuery(devicesQueryOptions(api, config, space));
  return (
    <Field label={label}>
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={devices.isPending}
        >
          <option value="">No device</option>
          {devices.data?.map((device) => {
            const elsewhere = device.thing && device.thing.id !== thingId;
            return (
              <option key={device.id} value={device.id} disabled={Boolean(elsewhere)}>
                {elsewhere ? `${device.name} (runs ${device.thing?.name ?? 'another thing'})` : device.name}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}

/** Chooses the device that runs the thing. */
export function ThingDevicePicker({ space, thing }: { space: string; thing: Thing }) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  const current = thing.device_id ?? '';
  const draft = useDraft(current);
  const choice = draft.value;

  const save = async () => {
    try {
      await bindDevice(api, config, space, thing.id, choice || null);
      toast.success(choice ? 'Device bound to the thing' : 'Device unbound from the thing');
      draft.accept(choice);
      await Promise.all([
        readAgain(queryClient, iotKeys.thing(space, thing.id)),
        readAgain(queryClient, iotKeys.things(space)),
        readAgain(queryClient, iotKeys.devices(space)),
        ...[current, choice].filter(Boolean).map((id) => readAgain(queryClient, iotKeys.device(space, id))),
      ]);
    } catch (error) {
      toast.error(networkErrorMessage(error));
    }
  };

  return (
    <div className="form-inline">
      <DeviceSelect space={space} thingId={thing.id} value={choice} onChange={draft.set} />
      <LoadingButton onClick={save} disabled={choice === current}>
        Save
      </LoadingButton>
      {draft.changedMeanwhile && (
        <p className="field-hint" role="status">
          Changed meanwhile to {current ? (thing.device_name ?? 'another device') : 'no device'}: saving
          replaces it.
        </p>
      )}
    </div>
  );
}

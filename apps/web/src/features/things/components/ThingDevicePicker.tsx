import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { Field } from '@/components/Field.tsx';
import { LoadingButton } from '@/components/LoadingButton.tsx';
import { devicesQueryOptions } from '@/features/devices/api/devices.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { Thing } from '@/features/iot/api/schemas.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import { bindDevice } from '../api/things.ts';

/** Chooses the device that runs the thing. Devices that already run another thing are listed but not offered. */
export function ThingDevicePicker({ space, thing }: { space: string; thing: Thing }) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  const devices = useQuery(devicesQueryOptions(api, config, space));
  const current = thing.device_id ?? '';
  const [choice, setChoice] = useState(current);

  const save = async () => {
    try {
      await bindDevice(api, config, space, thing.id, choice || null);
      toast.success(choice ? 'Device bound to the thing' : 'Device unbound from the thing');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: iotKeys.thing(space, thing.id) }),
        queryClient.invalidateQueries({ queryKey: iotKeys.things(space) }),
        queryClient.invalidateQueries({ queryKey: iotKeys.devices(space) }),
        ...[current, choice]
          .filter(Boolean)
          .map((id) => queryClient.invalidateQueries({ queryKey: iotKeys.device(space, id) })),
      ]);
    } catch (error) {
      toast.error(networkErrorMessage(error));
    }
  };

  return (
    <div className="form-inline">
      <Field label="Bound device">
        {(control) => (
          <select
            {...control}
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            disabled={devices.isPending}
          >
            <option value="">No device</option>
            {devices.data?.map((device) => {
              const elsewhere = device.thing && device.thing.id !== thing.id;
              return (
                <option key={device.id} value={device.id} disabled={Boolean(elsewhere)}>
                  {elsewhere ? `${device.name} (runs ${device.thing?.name ?? 'another thing'})` : device.name}
                </option>
              );
            })}
          </select>
        )}
      </Field>
      <LoadingButton onClick={save} disabled={choice === current}>
        Save
      </LoadingButton>
    </div>
  );
}

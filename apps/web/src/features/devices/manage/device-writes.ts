import { enc, iotUrl } from '@/features/iot/api/detail-queries.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import { passSchema } from '@/features/iot/api/schemas.ts';
import { useIotContext } from '@/features/things/api/use-iot-context.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';

type Ctx = ReturnType<typeof useIotContext>;

const passUrl = ({ config }: Ctx, id: string) => iotUrl(config, `/iot/v2/devices/${enc(id)}/pass`);

/** `POST /iot/v2/devices/{id}` with a new name; the device list and the thing that shows it read it again. */
export function useRenameDevice(deviceId: string, thingId?: string) {
  const ctx = useIotContext();
  return useApiMutation<void, string>({
    mutationFn: async (name) => {
      await ctx.api(iotUrl(ctx.config, `/iot/v2/devices/${enc(deviceId)}`), {
        method: 'POST',
        body: { name },
        organization: ctx.space,
      });
    },
    invalidates: [
      iotKeys.device(ctx.space, deviceId),
      iotKeys.devices(ctx.space),
      iotKeys.things(ctx.space),
      ...(thingId ? [iotKeys.thing(ctx.space, thingId)] : []),
    ],
    successMessage: (_, name) => `Device renamed to ${name}`,
  });
}

/**
 * A new secret key: the server proposes one and keeps only its hash once set, so the key is answered here to
 * be shown this once. Setting it refuses the old key at once (the board's open connection ends).
 */
export function useRegenerateKey(deviceId: string) {
  const ctx = useIotContext();
  return useApiMutation<string, void>({
    mutationFn: async () => {
      const url = passUrl(ctx, deviceId);
      const { suggested_password: key } = passSchema.parse(
        await ctx.api(`${url}?suggested_password=true`, { organization: ctx.space }),
      );
      if (!key) throw new Error('The server proposed no secret key.');
      await ctx.api(url, { method: 'PUT', body: { password: key }, organization: ctx.space });
      return key;
    },
    invalidates: [iotKeys.device(ctx.space, deviceId)],
    successMessage: 'New secret key set: the old one no longer works',
  });
}

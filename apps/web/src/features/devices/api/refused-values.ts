import { queryOptions } from '@tanstack/react-query';
import { type AppConfig, type RefusedValuesRead, refusedValuesReadSchema } from '@tinkercloud/shared';
import { enc, iotUrl } from '@/features/iot/api/detail-queries.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { ApiRequest } from '@/lib/api.ts';

/** Whose refused values: a device's, or a thing's (its device's, read through the thing). */
export type RefusedSource = { kind: 'device' | 'thing'; id: string };

/** Under the device's or the thing's key, so a space change or the page's own refresh resets them too. */
export const refusedValuesKey = (space: string, source: RefusedSource) =>
  [
    ...(source.kind === 'device' ? iotKeys.device(space, source.id) : iotKeys.thing(space, source.id)),
    'refused',
  ] as const;

/** Refusals are written within a second of the device's message; the section reads them again this often. */
export const REFUSED_POLL_MS = 15_000;

export function refusedValuesQueryOptions(
  api: ApiRequest,
  config: AppConfig,
  space: string,
  source: RefusedSource,
) {
  const path = `/iot/v2/${source.kind === 'device' ? 'devices' : 'things'}/${enc(source.id)}/refused_values`;
  return queryOptions({
    queryKey: refusedValuesKey(space, source),
    queryFn: async (): Promise<RefusedValuesRead> =>
      refusedValuesReadSchema.parse(await api(iotUrl(config, path), { organization: space })),
  });
}

export async function clearRefusedValues(
  { api, config, space }: { api: ApiRequest; config: AppConfig; space: string },
  deviceId: string,
) {
  await api(iotUrl(config, `/iot/v2/devices/${enc(deviceId)}/refused_values`), {
    method: 'DELETE',
    organization: space,
  });
}

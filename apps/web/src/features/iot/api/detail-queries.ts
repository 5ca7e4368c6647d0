import { queryOptions } from '@tanstack/react-query';
import type { AppConfig } from '@tinkercloud/shared';
import type { ApiRequest } from '@/lib/api.ts';
import { joinUrl } from '@/lib/urls.ts';
import { iotKeys } from './query-keys.ts';
import { type Device, deviceSchema, type Thing, thingSchema } from './schemas.ts';

// The detail pages' loaders read these, so this module loads with the route tree: keep it small.

/** `path` on the API host; ids are encoded. */
export const iotUrl = (config: AppConfig, path: string) => joinUrl(config.hosts.api, path);
export const enc = encodeURIComponent;

/** Read in the selected space (`X-Organization`, omitted for My Cloud). */
export function deviceQueryOptions(api: ApiRequest, config: AppConfig, space: string, id: string) {
  return queryOptions({
    queryKey: iotKeys.device(space, id),
    queryFn: async (): Promise<Device> =>
      deviceSchema.parse(await api(iotUrl(config, `/iot/v2/devices/${enc(id)}`), { organization: space })),
  });
}

export function thingQueryOptions(api: ApiRequest, config: AppConfig, space: string, id: string) {
  return queryOptions({
    queryKey: iotKeys.thing(space, id),
    queryFn: async (): Promise<Thing> =>
      thingSchema.parse(await api(iotUrl(config, `/iot/v2/things/${enc(id)}`), { organization: space })),
  });
}

import { queryOptions } from '@tanstack/react-query';
import type { AppConfig } from '@tinkercloud/shared';
import { z } from 'zod';
import type { ApiRequest } from '../../../lib/api.ts';
import { joinUrl } from '../../../lib/urls.ts';

/** The device fields the detail pages read (spec section 3 "Device"); the rest passes through. */
export const deviceSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  ota_compatible: z.boolean().optional(),
  unique_hardware_id: z.string().nullish(),
  thing: z.looseObject({ id: z.string().optional(), sketch_id: z.string().nullish() }).nullish(),
});
export type Device = z.infer<typeof deviceSchema>;

/** Read in the selected space (`X-Organization`, omitted for My Cloud); the cache is reset on a space change. */
export function deviceQueryOptions(api: ApiRequest, config: AppConfig, id: string, spaceId?: string) {
  return queryOptions({
    queryKey: ['devices', id],
    queryFn: async (): Promise<Device> =>
      deviceSchema.parse(
        await api(joinUrl(config.hosts.api, `/iot/v2/devices/${encodeURIComponent(id)}`), {
          organization: spaceId,
        }),
      ),
  });
}

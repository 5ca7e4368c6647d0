import { queryOptions } from '@tanstack/react-query';
import type { AppConfig } from '@tinkercloud/shared';
import { z } from 'zod';
import type { ApiRequest } from '@/lib/api.ts';
import { joinUrl } from '@/lib/urls.ts';

/** A custom template has a title and a UUID id (spec section 3 "Template"). */
export const customTemplateSchema = z.looseObject({ id: z.string(), title: z.string() });
export type CustomTemplate = z.infer<typeof customTemplateSchema>;

/** Read in the selected space (`X-Organization`, omitted for My Cloud); the cache is reset on a space change. */
export function templateQueryOptions(api: ApiRequest, config: AppConfig, id: string, spaceId?: string) {
  return queryOptions({
    queryKey: ['templates', id],
    queryFn: async (): Promise<CustomTemplate> =>
      customTemplateSchema.parse(
        await api(joinUrl(config.hosts.storage, `/template/v1/${encodeURIComponent(id)}`), {
          organization: spaceId,
        }),
      ),
  });
}

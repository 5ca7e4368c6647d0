import { queryOptions } from '@tanstack/react-query';
import type { AppConfig } from '@tinkercloud/shared';
import { z } from 'zod';
import type { ApiRequest } from '../../../lib/api.ts';
import { iotUrl } from './detail-queries.ts';
import { iotKeys } from './query-keys.ts';
import { type Trigger, triggerSchema } from './schemas.ts';

/** The space's triggers (the deleted ones stay out, as the API leaves them out by default). */
export function triggersQueryOptions(api: ApiRequest, config: AppConfig, space: string) {
  return queryOptions({
    queryKey: iotKeys.triggers(space),
    queryFn: async (): Promise<Trigger[]> =>
      z.array(triggerSchema).parse(await api(iotUrl(config, '/iot/v1/triggers'), { organization: space })),
  });
}

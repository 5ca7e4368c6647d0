import { queryOptions } from '@tanstack/react-query';
import { type AppConfig, type TriggerFirings, triggerFiringsSchema } from '@tinkercloud/shared';
import { z } from 'zod';
import { enc, iotUrl } from '@/features/iot/api/detail-queries.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import { type Trigger, triggerSchema } from '@/features/iot/api/schemas.ts';
import type { ApiRequest } from '@/lib/api.ts';

/** The space's triggers (the deleted ones stay out, as the API leaves them out by default). */
export function triggersQueryOptions(api: ApiRequest, config: AppConfig, space: string) {
  return queryOptions({
    queryKey: iotKeys.triggers(space),
    queryFn: async (): Promise<Trigger[]> =>
      z.array(triggerSchema).parse(await api(iotUrl(config, '/iot/v1/triggers'), { organization: space })),
  });
}

/** Soft: the trigger goes to the trash (restored or purged from a list's Trash view). */
export async function deleteTrigger(api: ApiRequest, config: AppConfig, space: string, id: string) {
  await api(iotUrl(config, `/iot/v1/triggers/${enc(id)}`), { method: 'DELETE', organization: space });
}

/** The trigger's recent firings, newest first (the server keeps the last 100). */
export function triggerFiringsQueryOptions(api: ApiRequest, config: AppConfig, space: string, id: string) {
  return queryOptions({
    queryKey: [...iotKeys.triggers(space), id, 'firings'] as const,
    queryFn: async (): Promise<TriggerFirings> =>
      triggerFiringsSchema.parse(
        await api(iotUrl(config, `/iot/v1/triggers/${enc(id)}/firings`), { organization: space }),
      ),
  });
}

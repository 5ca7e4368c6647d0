import type { AppConfig } from '@tinkercloud/shared';
import type { TriggerBody } from '@tinkercloud/shared/iot';
import { enc, iotUrl } from '@/features/iot/api/detail-queries.ts';
import { type Trigger, triggerSchema } from '@/features/iot/api/schemas.ts';
import type { ApiRequest } from '@/lib/api.ts';

interface Ctx {
  api: ApiRequest;
  config: AppConfig;
  space: string;
}

/** `PUT /iot/v1/triggers`: 412 with the plan's text when the plan has no room for it. */
export async function createTrigger({ api, config, space }: Ctx, body: TriggerBody): Promise<Trigger> {
  return triggerSchema.parse(
    await api(iotUrl(config, '/iot/v1/triggers'), { method: 'PUT', body, organization: space }),
  );
}

/** `POST /iot/v1/triggers/{id}`: the body's actions replace the trigger's actions. */
export async function replaceTrigger(
  { api, config, space }: Ctx,
  id: string,
  body: TriggerBody,
): Promise<Trigger> {
  return triggerSchema.parse(
    await api(iotUrl(config, `/iot/v1/triggers/${enc(id)}`), { method: 'POST', body, organization: space }),
  );
}

/** `PATCH /iot/v1/triggers/{id}` with `active` only: nothing else of the trigger changes. */
export async function setTriggerActive({ api, config, space }: Ctx, id: string, active: boolean) {
  return triggerSchema.parse(
    await api(iotUrl(config, `/iot/v1/triggers/${enc(id)}`), {
      method: 'PATCH',
      body: { active },
      organization: space,
    }),
  );
}

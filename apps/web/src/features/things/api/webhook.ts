import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AppConfig } from '@tinkercloud/shared';
import {
  type WebhookDeliveries,
  type WebhookInfo,
  type WebhookTestResult,
  webhookDeliveriesSchema,
  webhookInfoSchema,
  webhookSavedReadSchema,
  webhookSecretSchema,
  webhookTestResultSchema,
} from '@tinkercloud/shared/iot';
import { enc, iotUrl } from '@/features/iot/api/detail-queries.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { ApiRequest } from '@/lib/api.ts';

// The thing page's webhook: its view, the secret, a test and the delivery log (apps/server iot README).

interface Ctx {
  api: ApiRequest;
  config: AppConfig;
  space: string;
}

/** How many deliveries the log shows at first, and adds on "Show older". */
export const WEBHOOK_LOG_PAGE = 20;

/** Under the thing's key: whatever reads the thing again (its live event, a write) reads these again too. */
export const webhookKeys = {
  info: (space: string, thingId: string) => [...iotKeys.thing(space, thingId), 'webhook'] as const,
  deliveries: (space: string, thingId: string) =>
    [...iotKeys.thing(space, thingId), 'webhook', 'deliveries'] as const,
};

const url = (config: AppConfig, thingId: string, rest = '') =>
  iotUrl(config, `/iot/v2/things/${enc(thingId)}/webhook${rest}`);

export function webhookInfoQueryOptions({ api, config, space }: Ctx, thingId: string) {
  return queryOptions({
    queryKey: webhookKeys.info(space, thingId),
    queryFn: async (): Promise<WebhookInfo> =>
      webhookInfoSchema.parse(await api(url(config, thingId), { organization: space })),
  });
}

/** The log newest first, a page at a time (`before`: the last delivery of the page above). */
export function webhookDeliveriesQueryOptions({ api, config, space }: Ctx, thingId: string) {
  return infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(space, thingId),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }): Promise<WebhookDeliveries> => {
      const query = new URLSearchParams({ limit: String(WEBHOOK_LOG_PAGE) });
      if (pageParam) query.set('before', pageParam);
      return webhookDeliveriesSchema.parse(
        await api(url(config, thingId, `/deliveries?${query}`), { organization: space }),
      );
    },
    getNextPageParam: (last) => last.next_before,
  });
}

/** Sets the address and/or the switch; answers the secret when setting the address made it (shown once). */
export async function saveWebhook(
  { api, config, space }: Ctx,
  thingId: string,
  body: { webhook_uri?: string; webhook_active?: boolean },
): Promise<string | undefined> {
  const answer = await api(iotUrl(config, `/iot/v2/things/${enc(thingId)}`), {
    method: 'POST',
    body,
    organization: space,
  });
  return webhookSavedReadSchema.parse(answer ?? {}).webhook_secret;
}

/** A new signing secret (the old one stops signing at once), answered only now. */
export async function rotateWebhookSecret({ api, config, space }: Ctx, thingId: string): Promise<string> {
  return webhookSecretSchema.parse(
    await api(url(config, thingId, '/secret'), { method: 'POST', organization: space }),
  ).webhook_secret;
}

/** Posts a signed test document to the receiver now and answers how it answered. */
export async function sendWebhookTest(
  { api, config, space }: Ctx,
  thingId: string,
): Promise<WebhookTestResult> {
  return webhookTestResultSchema.parse(
    await api(url(config, thingId, '/test'), { method: 'POST', organization: space }),
  );
}

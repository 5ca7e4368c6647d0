import type { WebhookTestResult } from '@tinkercloud/shared/iot';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { Thing } from '@/features/iot/api/schemas.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { useIotContext } from './use-iot-context.ts';
import { rotateWebhookSecret, saveWebhook, sendWebhookTest, webhookKeys } from './webhook.ts';

// The thing page's webhook writes: the address, the switch, the secret and a test.

/** Saves the address; a first address switches the webhook on with it. Answers a secret made by it. */
export function useSaveWebhookAddress(thingId: string) {
  const ctx = useIotContext();
  return useApiMutation<string | undefined, { uri: string; switchOn: boolean }>({
    mutationFn: ({ uri, switchOn }) =>
      saveWebhook(ctx, thingId, switchOn ? { webhook_uri: uri, webhook_active: true } : { webhook_uri: uri }),
    invalidates: [iotKeys.thing(ctx.space, thingId), iotKeys.things(ctx.space)],
    successMessage: (_, { uri, switchOn }) =>
      !uri ? 'Webhook removed' : switchOn ? 'Webhook saved and switched on' : 'Webhook saved',
  });
}

/** Switches the webhook on or off at once (shown before the server answers, put back if it refuses). */
export function useWebhookSwitch(thingId: string) {
  const ctx = useIotContext();
  return useApiMutation<string | undefined, boolean, Thing>({
    mutationFn: (active) => saveWebhook(ctx, thingId, { webhook_active: active }),
    optimistic: {
      queryKey: iotKeys.thing(ctx.space, thingId),
      update: (thing, active) => thing && { ...thing, webhook_active: active },
    },
    invalidates: [iotKeys.things(ctx.space)],
    successMessage: (_, active) => (active ? 'Webhook switched on' : 'Webhook switched off'),
  });
}

export function useRotateWebhookSecret(thingId: string) {
  const ctx = useIotContext();
  return useApiMutation<string, void>({
    mutationFn: () => rotateWebhookSecret(ctx, thingId),
    invalidates: [webhookKeys.info(ctx.space, thingId)],
    successMessage: 'New signing secret made: give it to your receiver',
  });
}

/** The receiver's answer is shown beside the button, so only a refusal of the request itself toasts. */
export function useWebhookTest(thingId: string) {
  const ctx = useIotContext();
  return useApiMutation<WebhookTestResult, void>({
    mutationFn: () => sendWebhookTest(ctx, thingId),
    invalidates: [webhookKeys.deliveries(ctx.space, thingId), webhookKeys.info(ctx.space, thingId)],
  });
}

import { z } from 'zod';

// A thing's webhook as its page manages it (no upstream counterpart): the switch and address stay on the
// thing (`webhook_active`, `webhook_uri`); these are the secret, the test send and the delivery log.

/** At most this many deliveries the log keeps per thing, and answers in one page. */
export const WEBHOOK_LOG_SIZE = 100;

/** `POST /iot/v2/things/{id}/webhook/secret`: the new signing secret, answered only here. */
export const webhookSecretSchema = z.object({
  webhook_secret: z
    .string()
    .describe('Signs deliveries (X-Tinkercloud-Signature); shown only in this answer'),
});
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

/** `GET /iot/v2/things/{id}/webhook`: what the page shows of the webhook besides the thing's own fields. */
export const webhookInfoSchema = z.object({
  uri: z.string().optional().describe('Where values are posted (the thing’s webhook_uri)'),
  active: z.boolean().describe('Whether values are posted (the thing’s webhook_active)'),
  secret_hint: z
    .string()
    .optional()
    .describe('The signing secret masked but for its last 4 characters; absent before it is made'),
  dropped_values: z
    .number()
    .int()
    .describe('Values never delivered because the thing went over 10 deliveries a second'),
});
export type WebhookInfo = z.infer<typeof webhookInfoSchema>;

/** `POST /iot/v2/things/{id}/webhook/test`: how the receiver answered a signed test document just now. */
export const webhookTestResultSchema = z.object({
  ok: z.boolean().describe('The receiver answered 2xx'),
  http_status: z.number().int().optional().describe("The receiver's answer, when it answered"),
  error: z.string().optional().describe('Why it failed'),
  sent_at: z.string().describe('When it was sent (RFC 3339)'),
  delivery_id: z.uuid().describe('Its row in the delivery log'),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  status: z
    .enum(['PENDING', 'DELIVERED', 'FAILED'])
    .describe('PENDING: waiting for its next attempt; FAILED: out of retries, refused or turned off'),
  http_status: z.number().int().optional().describe("The receiver's last answer"),
  attempts: z.number().int(),
  error: z.string().optional().describe('Why the last attempt failed'),
  created_at: z.string().describe('When the value was stored (RFC 3339)'),
  updated_at: z.string().describe('When the last attempt ended (RFC 3339)'),
  next_attempt_at: z.string().optional().describe('When a pending delivery is tried next'),
  test: z.boolean().optional().describe('true: a test sent from the thing page, never retried'),
  body: z.string().describe('The JSON document sent'),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** `GET /iot/v2/things/{id}/webhook/deliveries?limit=&before=`. */
export const webhookDeliveriesQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(WEBHOOK_LOG_SIZE)
    .optional()
    .describe(`At most this many (1–${WEBHOOK_LOG_SIZE}, default ${WEBHOOK_LOG_SIZE})`),
  before: z.uuid().optional().describe('Only those older than this delivery (the answer’s next_before)'),
});

export const webhookDeliveriesSchema = z.object({
  deliveries: z.array(webhookDeliverySchema).describe('Newest first'),
  next_before: z.uuid().optional().describe('More are older: ask again with before set to this'),
  dropped_values: z
    .number()
    .int()
    .describe('Values never delivered because the thing went over 10 deliveries a second'),
});
export type WebhookDeliveries = z.infer<typeof webhookDeliveriesSchema>;

/** How the thing page reads the answer to setting the webhook: `webhook_secret` when that made the secret. */
export const webhookSavedReadSchema = webhookSecretSchema.partial().loose();

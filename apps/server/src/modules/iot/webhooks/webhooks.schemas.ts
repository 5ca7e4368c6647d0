import { z } from 'zod';

export const webhookSecretSchema = z.object({
  webhook_secret: z
    .string()
    .describe('Signs deliveries (X-Tinkercloud-Signature); shown only in this answer'),
});

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
  body: z.string().describe('The JSON document sent'),
});

export const webhookDeliveriesSchema = z.object({
  deliveries: z.array(webhookDeliverySchema).describe('The last 100, newest first'),
  dropped_values: z
    .number()
    .int()
    .describe('Values never delivered because the thing went over 10 deliveries a second'),
});

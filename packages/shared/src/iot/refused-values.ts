import { z } from 'zod';

/**
 * What a device sent that was refused, by the name it used and why, with how often and when last (issue 28
 * item 3): `GET /iot/v2/devices/{id}/refused_values`, and the same for a thing through its device
 * (`GET /iot/v2/things/{id}/refused_values`). Kept across restarts; cleared by `DELETE` on the device's.
 */
export const refusedValueSchema = z.object({
  name: z.string().describe('The name the device sent; "" for a message refused whole'),
  reason: z.string().describe('Why it was refused ("unknown property", "over the message rate", …)'),
  count: z.number().int().describe('How many times since the first (or since the list was cleared)'),
  first_at: z.string().describe('The first refusal, ISO 8601'),
  last_at: z.string().describe('The latest refusal, ISO 8601'),
});
export type RefusedValue = z.infer<typeof refusedValueSchema>;

export const refusedValuesSchema = z.object({
  device_id: z
    .uuid()
    .nullable()
    .describe("The device whose refusals these are (a thing's: its device, or none)"),
  refused: z.array(refusedValueSchema).describe('The latest first'),
});
export type RefusedValues = z.infer<typeof refusedValuesSchema>;

/** Reasons the server gives for a whole message, shown in words by the pages. */
export const REFUSED_REASONS = {
  unknownProperty: 'unknown property',
  overRateDropped: 'over the message rate',
  overRateClosed: 'over the message rate for too long',
  tooLarge: 'a packet over the size limit',
} as const;

/** How a client reads the answer: ids as any string, fields the contract does not name pass through. */
export const refusedValueReadSchema = refusedValueSchema.loose();
export const refusedValuesReadSchema = refusedValuesSchema
  .extend({ device_id: z.string().nullable(), refused: z.array(refusedValueReadSchema) })
  .loose();
export type RefusedValuesRead = z.infer<typeof refusedValuesReadSchema>;

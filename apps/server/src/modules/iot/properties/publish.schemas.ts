import { z } from 'zod';

/** How far ahead of the server's clock a timed value may be dated (clocks of boards drift). */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

const present = z.unknown().refine((v) => v !== undefined && v !== null, 'value is required');

/** Values of several variables at once are this many at most per call. */
export const MAX_VALUES_PER_PUBLISH = 200;
/** Timed values of one variable per batch. */
export const MAX_BATCH_VALUES = 1000;

/** propertyValues of `PUT /iot/v2/things/{id}/publish`: variables by name (property or sketch variable). */
export const thingPublishBody = z.object({
  properties: z
    .array(z.object({ property: z.string().min(1).max(64), value: present }))
    .min(1)
    .max(MAX_VALUES_PER_PUBLISH),
  to_device: z
    .boolean()
    .optional()
    .describe('true: sent to the device as a cloud write; false (default): as if the device had sent them'),
});
export type ThingPublishBody = z.infer<typeof thingPublishBody>;

/** PublishBatchPropertiesV2Payload: values of one variable with the time each was taken. */
export const publishBatchBody = z
  .array(
    z.object({
      timestamp: z.iso.datetime({ offset: true }).describe('RFC 3339'),
      value: present,
    }),
  )
  .min(1)
  .max(MAX_BATCH_VALUES);
export type PublishBatchBody = z.infer<typeof publishBatchBody>;

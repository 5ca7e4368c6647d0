import { propertyRequestSchema } from '@tinkercloud/shared/iot';
import { z } from 'zod';

export { type PropertyView, propertySchema } from '@tinkercloud/shared';

import { VALUE_AGGREGATIONS } from '../../telemetry/resolution.ts';
import { queryBool } from '../common/schemas.ts';

/** The `property` payload (packages/shared): name, permission, type and update strategy are required. */
export const propertyPayload = propertyRequestSchema;
export type PropertyPayload = z.infer<typeof propertyPayload>;

export const thingPropertyParams = z.object({ id: z.uuid(), pid: z.uuid() });
export const publishBody = z.object({
  value: z.unknown().refine((v) => v !== undefined && v !== null, 'value is required'),
  device_id: z.uuid().optional(),
});

export type { ValueAggregation as Aggregation } from '../../telemetry/resolution.ts';

const MIN_DATE = Date.parse('1842-01-01T00:00:00Z');
const MAX_DATE = Date.parse('2242-01-01T00:00:00Z');
export const apiDate = z
  .string()
  .max(40)
  .refine((s) => {
    const t = Date.parse(s);
    return Number.isFinite(t) && t >= MIN_DATE && t <= MAX_DATE;
  }, 'an RFC 3339 date between 1842-01-01 and 2242-01-01')
  .transform((s) => new Date(s));

export const timeseriesQuery = z.object({
  aggregation: z.enum(VALUE_AGGREGATIONS).optional(),
  desc: queryBool.optional(),
  from: apiDate.optional(),
  to: apiDate.optional(),
  interval: z.coerce
    .number()
    .int()
    .min(1)
    .max(10 * 365 * 86_400)
    .optional(),
});
export const timeseriesSchema = z.object({
  data: z.array(z.object({ time: z.string(), value: z.number() })),
});

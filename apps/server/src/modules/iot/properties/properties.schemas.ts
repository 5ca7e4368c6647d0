import { z } from 'zod';
import { VALUE_AGGREGATIONS } from '../../telemetry/resolution.ts';
import { PROPERTY_TYPE_VALUES } from '../catalogue/property-types.ts';
import { queryBool, variableName } from '../common/schemas.ts';

/** ArduinoProperty (`application/vnd.arduino.property+json`). */
export const propertySchema = z.object({
  id: z.string(),
  href: z.string(),
  name: z.string(),
  permission: z.string(),
  thing_id: z.string(),
  type: z.string(),
  update_strategy: z.string(),
  variable_name: z.string().optional(),
  tag: z.number().int().optional(),
  last_value: z.unknown().optional(),
  value_updated_at: z.string().optional(),
  persist: z.boolean().optional(),
  update_parameter: z.number().optional(),
  min_value: z.number().optional(),
  max_value: z.number().optional(),
  sync_id: z.string().optional(),
  linked_to_trigger: z.boolean().optional(),
  thing_name: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  deleted_at: z.string().optional(),
});
export type PropertyView = z.infer<typeof propertySchema>;

const propertyName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[^\p{Cc}]+$/u, 'no control characters');

/** The `property` payload: name, permission, type and update strategy are required. */
export const propertyPayload = z.object({
  name: propertyName,
  permission: z.enum(['READ_ONLY', 'READ_WRITE']),
  type: z.enum(PROPERTY_TYPE_VALUES as [string, ...string[]]),
  update_strategy: z.enum(['ON_CHANGE', 'TIMED']),
  variable_name: variableName.optional(),
  update_parameter: z.number().finite().min(0).optional(),
  persist: z.boolean().optional(),
  tag: z.number().int().min(0).max(2_147_483_647).optional(),
  min_value: z.number().finite().optional(),
  max_value: z.number().finite().optional(),
});
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

import { z } from 'zod';

/**
 * The fields of the IoT API's answers that the pages read. Loose objects: the rest passes through, and a
 * field the server adds later breaks nothing.
 */

export const thingRefSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  sketch_id: z.string().nullish(),
});

export const DEVICE_STATUSES = ['ONLINE', 'OFFLINE', 'UNKNOWN'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

export const deviceSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  type: z.string().optional(),
  label: z.string().optional(),
  fqbn: z.string().optional(),
  serial: z.string().optional(),
  device_status: z.enum(DEVICE_STATUSES).optional(),
  last_activity_at: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  lib_version: z.string().optional(),
  wifi_fw_version: z.string().optional(),
  ota_compatible: z.boolean().optional(),
  unique_hardware_id: z.string().nullish(),
  thing: thingRefSchema.nullish(),
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceStatusEventSchema = z.object({
  updated_at: z.string(),
  value: z.enum(['CONNECTED', 'DISCONNECTED']),
});
export type DeviceStatusEvent = z.infer<typeof deviceStatusEventSchema>;
export const deviceStatusHistorySchema = z.looseObject({ events: z.array(deviceStatusEventSchema) });

export const propertySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  permission: z.string(),
  thing_id: z.string(),
  variable_name: z.string().optional(),
  update_strategy: z.string().optional(),
  last_value: z.unknown().optional(),
  value_updated_at: z.string().optional(),
});
export type Property = z.infer<typeof propertySchema>;

export const thingSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  timezone: z.string().optional(),
  device_id: z.string().optional(),
  device_name: z.string().optional(),
  device_type: z.string().optional(),
  properties_count: z.number().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type Thing = z.infer<typeof thingSchema>;

/** A thing as `GET /iot/v2/things?show_properties=true` lists it: with its variables. */
export const thingWithPropertiesSchema = thingSchema.extend({
  properties: z.array(propertySchema).optional(),
});
export type ThingWithProperties = z.infer<typeof thingWithPropertiesSchema>;

export const triggerConditionSchema = z.looseObject({ operator: z.string(), value: z.unknown().optional() });
export type TriggerCondition = z.infer<typeof triggerConditionSchema>;

/** `GET /iot/v1/triggers`: a trigger watches one variable (`property_id`) or the status of devices. */
export const triggerSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  active: z.boolean().optional(),
  property_id: z.string().optional(),
  device_status_source: z
    .looseObject({
      criteria: z.string(),
      device_ids: z.array(z.string()).optional(),
      grace_period_online: z.number().optional(),
      grace_period_offline: z.number().optional(),
    })
    .optional(),
  condition: triggerConditionSchema.optional(),
  actions: z.array(z.looseObject({ id: z.string(), name: z.string(), kind: z.string() })).optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type Trigger = z.infer<typeof triggerSchema>;

export const passSchema = z.looseObject({ set: z.boolean(), suggested_password: z.string().optional() });

const seriesResponse = {
  status: z.string(),
  property_id: z.string().optional(),
  property_name: z.string().optional(),
  property_type: z.string().optional(),
  times: z.array(z.string()),
};
/** `POST /iot/v2/series/batch_query`: aggregated buckets (numeric properties only). */
export const batchQuerySchema = z.looseObject({
  responses: z.array(z.looseObject({ ...seriesResponse, values: z.array(z.number()) })),
});
/** `POST /iot/v2/series/batch_query_raw`: stored values as they came. */
export const batchQueryRawSchema = z.looseObject({
  responses: z.array(z.looseObject({ ...seriesResponse, values: z.array(z.unknown()) })),
});

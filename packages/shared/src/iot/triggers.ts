import { z } from 'zod';

/** When a trigger fires: a property's operators, and CONNECTED/DISCONNECTED for a device status trigger. */
export const CONDITION_OPERATORS = [
  'CHANGED',
  'EQ',
  'NE',
  'GT',
  'GTE',
  'LT',
  'LTE',
  'TRUE',
  'FALSE',
  'CONTAINS',
  'CONNECTED',
  'DISCONNECTED',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];
export const conditionSchema = z.object({
  operator: z.enum(CONDITION_OPERATORS),
  value: z.unknown().optional(),
});
export type Condition = z.infer<typeof conditionSchema>;

/** The devices a device status trigger watches (a request body part; answers carry it with plain ids). */
export const deviceStatusSource = z.object({
  criteria: z.enum(['INCLUDE', 'EXCLUDE']),
  device_ids: z.array(z.uuid()).max(500).optional(),
  grace_period_online: z.number().int().min(0).max(1_209_600).optional(),
  grace_period_offline: z.number().int().min(0).max(1_209_600).optional(),
});

/** Stored actions as sent (recipients may have unsubscribed since, so no minimum here). */
const storedAction = z.record(z.string(), z.unknown());
export const actionSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  description: z.string().optional(),
  email: storedAction.optional(),
  push_notification: storedAction.optional(),
  trigger_id: z.string().optional(),
  organization_id: z.string().optional(),
  created_by: z.string().optional(),
});
const source = deviceStatusSource.extend({ device_ids: z.array(z.string()).optional() });
/** A trigger as `GET /iot/v1/triggers` answers it: it watches one variable or the status of devices. */
export const triggerSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  active: z.boolean().optional(),
  property_id: z.string().optional(),
  device_status_source: source.optional(),
  condition: conditionSchema.optional(),
  actions: z.array(actionSchema).optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  deleted_at: z.string().optional(),
  created_by: z.string().optional(),
  organization_id: z.string().optional(),
});
export type TriggerView = z.infer<typeof triggerSchema>;

/** How a client reads a trigger: id and name required. */
export const triggerReadSchema = triggerSchema.partial().required({ id: true, name: true }).loose();
export type TriggerRead = z.infer<typeof triggerReadSchema>;

import { actionSchema, conditionSchema, deviceSchema, propertySchema } from '@tinkercloud/shared';
import { z } from 'zod';
import { queryBool } from '../common/schemas.ts';

export {
  actionSchema,
  CONDITION_OPERATORS,
  type Condition,
  conditionSchema,
  deviceStatusSource,
  triggerSchema,
} from '@tinkercloud/shared';
export {
  type CreateActionBody,
  createActionBody,
  type EmailAction,
  type PushAction,
  type TriggerBody,
  triggerBody,
  type UpdateActionBody,
  updateActionBody,
} from '@tinkercloud/shared/iot';

export const triggerListQuery = z.object({
  device_id: z.uuid().optional(),
  property_id: z.uuid().optional(),
  show_deleted: queryBool.optional(),
  source_type: z.enum(['PROPERTY', 'DEVICE_INCLUDE', 'DEVICE_EXCLUDE']).optional(),
});
export const recipientsBody = z.object({ recipients: z.array(z.uuid()).min(1).max(100) });

export const triggerWithLinksSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  active: z.boolean().optional(),
  actions: z.array(actionSchema).optional(),
  created_by: z.string().optional(),
  organization_id: z.string().optional(),
  condition: conditionSchema.optional(),
  linked_property: z
    .object({ property: propertySchema, status: z.enum(['OK', 'WRONG_TYPE', 'DELETED']) })
    .optional(),
  device_status_source: z
    .object({
      criteria: z.string(),
      grace_period_online: z.number().int().optional(),
      grace_period_offline: z.number().int().optional(),
      linked_devices: z
        .array(z.object({ device: deviceSchema, status: z.enum(['OK', 'DELETED']) }))
        .optional(),
    })
    .optional(),
});
/** Stored actions as sent (recipients may have unsubscribed since, so no minimum here). */
const storedAction = z.record(z.string(), z.unknown());
export const triggerTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  active: z.boolean().optional(),
  organization_id: z.string().optional(),
  criteria: z.string().optional(),
  grace_period_online: z.number().int().optional(),
  grace_period_offline: z.number().int().optional(),
  linked_property: z.object({ thing_id: z.string(), property_id: z.string() }).optional(),
  linked_devices: z.array(z.object({ thing_id: z.string() })).optional(),
  actions: z
    .array(
      z.object({
        name: z.string().optional(),
        kind: z.string().optional(),
        description: z.string().optional(),
        email: storedAction.optional(),
        push_notification: storedAction.optional(),
      }),
    )
    .optional(),
});

import {
  actionSchema,
  conditionSchema,
  deviceSchema,
  deviceStatusSource,
  propertySchema,
} from '@tinkercloud/shared';
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

const text = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'no control characters');
/** Multi-line texts (e-mail bodies) may hold line breaks and tabs, nothing else of the control characters. */
const multiline = (max: number) =>
  z
    .string()
    .max(max)
    .refine(
      (v) =>
        ![...v].some((ch) => {
          const code = ch.charCodeAt(0);
          return (code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127;
        }),
      'no control characters',
    );

const templateVariable = z.object({
  placeholder: z.string().min(1).max(64),
  entity: z.enum(['RECIPIENT', 'USER', 'DEVICE', 'THING', 'PROPERTY', 'TRIGGERING_DEVICE']),
  attribute: z.enum(['ID', 'NAME', 'VALUE', 'TIMESTAMP', 'USERNAME', 'EMAIL', 'STATUS']),
  id: z.uuid().optional(),
  thing_id: z.string().max(64).optional(),
  property_id: z.string().max(64).optional(),
});
const titleExpression = z.object({
  expression: text(100),
  variables: z.array(templateVariable).max(20).optional(),
});
const bodyExpression = z.object({
  expression: multiline(1000),
  variables: z.array(templateVariable).max(20).optional(),
});
const recipient = z.object({
  id: z.uuid(),
  email: z.string().max(254).optional(),
  username: z.string().max(64).optional(),
});
const recipients = z.array(recipient).max(50);

const emailAction = z.object({
  subject: titleExpression,
  body: bodyExpression,
  delivery: z.object({ to: recipients.min(1), cc: recipients.optional(), bcc: recipients.optional() }),
});
const pushAction = z.object({
  title: titleExpression,
  body: bodyExpression,
  delivery: z.object({ to: recipients.min(1) }),
});
export type EmailAction = z.infer<typeof emailAction>;
export type PushAction = z.infer<typeof pushAction>;

const actionName = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[^\p{Cc}]+$/u, 'no control characters');
export const createActionBody = z.object({
  name: actionName,
  kind: z.enum(['NOTIFY-EMAIL', 'NOTIFY-PUSH']),
  description: text(1000).optional(),
  email: emailAction.optional(),
  push_notification: pushAction.optional(),
  trigger_id: z.uuid().optional(),
  organization_id: z.uuid().optional(),
});
export type CreateActionBody = z.infer<typeof createActionBody>;
export const updateActionBody = z.object({
  name: actionName.optional(),
  description: text(1000).optional(),
  email: emailAction.optional(),
  push_notification: pushAction.optional(),
  trigger_id: z.uuid().optional(),
});
export type UpdateActionBody = z.infer<typeof updateActionBody>;

export const triggerBody = z.object({
  id: z.uuid().optional(),
  name: z
    .string()
    .min(1)
    .max(256)
    .regex(/^[^\p{Cc}]+$/u, 'no control characters')
    .optional(),
  description: text(1000).optional(),
  active: z.boolean().optional(),
  property_id: z.uuid().optional(),
  device_status_source: deviceStatusSource.optional(),
  condition: conditionSchema
    .optional()
    .describe(
      'Ours: when a property trigger fires (default CHANGED, TRUE for booleans); for a device status trigger, CONNECTED or DISCONNECTED (default: both)',
    ),
  actions: z.array(createActionBody).max(10).optional(),
  soft_deleted: z.boolean().optional(),
});
export type TriggerBody = z.infer<typeof triggerBody>;

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

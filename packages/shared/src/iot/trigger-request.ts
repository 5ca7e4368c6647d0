import { z } from 'zod';
import { conditionSchema, deviceStatusSource } from './triggers.ts';

/**
 * The request bodies of triggers v1 and actions v1 (`PUT /iot/v1/triggers`, `POST /iot/v1/actions`...): the
 * server validates with them, the web's trigger dialog builds them. Messages are `{{entity.attribute}}`
 * templates (`trigger-rules.ts` lists the placeholders).
 */

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

/** Actions one trigger holds at most. */
export const MAX_TRIGGER_ACTIONS = 10;

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
  actions: z.array(createActionBody).max(MAX_TRIGGER_ACTIONS).optional(),
  soft_deleted: z.boolean().optional(),
});
export type TriggerBody = z.infer<typeof triggerBody>;

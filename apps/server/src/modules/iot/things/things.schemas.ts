import { thingSchema } from '@tinkercloud/shared';
import { z } from 'zod';
import {
  MAX_TAGS,
  queryBool,
  showDeletedQuery,
  tagFilters,
  tagSchema,
  thingName,
} from '../common/schemas.ts';
import { canonicalTimeZone } from '../common/timezones.ts';
import { propertyPayload } from '../properties/properties.schemas.ts';

export { type ThingView, thingSchema } from '@tinkercloud/shared';

/** A thing as its create and update answer it: the first time its webhook is set, with the signing secret. */
export const thingWrittenSchema = thingSchema.extend({
  webhook_secret: z
    .string()
    .optional()
    .describe(
      'Signs webhook deliveries (X-Tinkercloud-Signature); answered only when setting the webhook made it',
    ),
});

const timezone = z.string().transform((tz, ctx) => {
  const canonical = canonicalTimeZone(tz);
  if (!canonical) {
    ctx.addIssue({ code: 'custom', message: 'an IANA time zone name such as Europe/Rome' });
    return z.NEVER;
  }
  return canonical;
});
const webhookUri = z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2048)]);
const assistant = z.enum(['ALEXA', 'GOOGLE', 'NONE']);
const properties = z.array(propertyPayload).max(200);

export const thingCreateBody = z.object({
  id: z.uuid().optional(),
  name: thingName.min(1).optional(),
  device_id: z.uuid().optional(),
  timezone: timezone.optional(),
  properties: properties.optional(),
  webhook_uri: webhookUri.optional(),
  webhook_active: z.boolean().optional(),
  assistant: assistant.optional(),
  tags: z.array(tagSchema).max(MAX_TAGS).optional(),
});
export type ThingCreateBody = z.infer<typeof thingCreateBody>;

export const thingUpdateBody = z.object({
  id: z.uuid().optional(),
  name: thingName.min(1).optional(),
  device_id: z
    .union([z.uuid(), z.literal(''), z.null()])
    .optional()
    .describe('"" or null unbinds the device'),
  timezone: timezone.optional(),
  properties: properties.optional(),
  webhook_uri: webhookUri.optional(),
  webhook_active: z.boolean().optional(),
  assistant: assistant.optional(),
  soft_deleted: z.boolean().optional().describe('false restores a soft-deleted thing'),
});
export type ThingUpdateBody = z.infer<typeof thingUpdateBody>;

export const thingCloneBody = z.object({ name: thingName.min(1), include_tags: z.boolean().optional() });

export const forceBindQuery = z.object({
  force: queryBool.optional().describe('true: take the device from the thing it is bound to'),
});

const ids = z
  .union([z.uuid(), z.array(z.uuid()).max(1000)])
  .optional()
  .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]));

export const thingListQuery = z.object({
  across_user_ids: queryBool.optional(),
  device_id: z.uuid().optional(),
  ids,
  show_deleted: queryBool.optional(),
  show_properties: queryBool.optional(),
  tags: tagFilters,
});
export const thingShowQuery = showDeletedQuery;

/** ArduinoThingtemplate (`GET /iot/v2/things/{id}/template`). */
export const thingTemplateSchema = z.object({
  id: z.string().optional(),
  name: z.string(),
  timezone: z.string(),
  organization_id: z.string().optional(),
  sketch_template: z.string().optional(),
  tags: z.array(tagSchema).optional(),
  webhook_uri: z.string().optional(),
  device_metadata: z.object({ fqbn: z.string().optional(), name: z.string().optional() }).optional(),
  variables: z
    .array(
      z.object({
        name: z.string(),
        permission: z.string(),
        type: z.string(),
        update_strategy: z.string(),
        update_parameter: z.number().optional(),
        variable_name: z.string().optional(),
      }),
    )
    .optional(),
});

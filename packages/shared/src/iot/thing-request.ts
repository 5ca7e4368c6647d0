import { z } from 'zod';
import { THING_NAME_MAX_LENGTH, THING_NAME_MESSAGE, THING_NAME_PATTERN } from './names.ts';

/** What the web sends to create a thing (`PUT /iot/v2/things`): a subset of the server's body. */
export const thingCreateRequestSchema = z.object({
  name: z.string().min(1).max(THING_NAME_MAX_LENGTH).regex(THING_NAME_PATTERN, THING_NAME_MESSAGE),
  timezone: z.string().min(1),
  device_id: z.uuid().optional(),
});
export type ThingCreateRequest = z.infer<typeof thingCreateRequestSchema>;

/** The thing settings its page edits, read from the API's answer (loosely parsed by the web). */
export const thingSettingsSchema = z.object({
  webhook_uri: z.string().optional().catch(undefined),
});

/** `GET /iot/v2/things/{id}/tags` and `GET /iot/v2/timezones`. */
export const tagListSchema = z.object({ tags: z.array(z.object({ key: z.string(), value: z.string() })) });
export type TagPair = z.infer<typeof tagListSchema>['tags'][number];
export const timezoneListSchema = z.array(
  z.object({ name: z.string(), offset: z.number(), until: z.string().optional() }),
);
export type TimezoneInfo = z.infer<typeof timezoneListSchema>[number];

import {
  DASHBOARD_NAME_MAX_LENGTH,
  DASHBOARD_NAME_MESSAGE,
  DASHBOARD_NAME_PATTERN,
  dashboardPersonSchema,
  dashboardV3Schema,
  singleLineText,
  timezoneInfoSchema,
  widgetLayoutShape,
} from '@tinkercloud/shared';
import { z } from 'zod';
import { queryBool } from '../common/schemas.ts';

export { dashboardV2Schema, dashboardV3Schema, linkedVariableSchema } from '@tinkercloud/shared';

/** Dashboard and page names: the shared rule (packages/shared `isDashboardName`), with its messages. */
const dashboardName = z
  .string()
  .min(1)
  .max(DASHBOARD_NAME_MAX_LENGTH)
  .regex(DASHBOARD_NAME_PATTERN, DASHBOARD_NAME_MESSAGE)
  .regex(/^[^\p{Cc}]+$/u, 'no control characters');

const coord = z.number().int().min(0).max(10_000);
const options = z
  .record(z.string().max(64), z.unknown())
  .refine((o) => JSON.stringify(o).length <= 16_384, 'widget options of at most 16 KB');
const widgetFields = {
  id: z.uuid(),
  type: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_ -]+$/, 'letters, digits, spaces, _ and - only'),
  name: z
    .string()
    .max(256)
    .regex(/^[^\p{Cc}]*$/u, 'no control characters')
    .optional(),
  options,
  x: coord,
  y: coord,
  width: coord,
  height: coord,
  x_mobile: coord.optional(),
  y_mobile: coord.optional(),
  width_mobile: coord.optional(),
  height_mobile: coord.optional(),
  variables: z.array(z.uuid()).max(100).optional(),
};
const widgetPayload = z.object(widgetFields);
/** Widgets of v3 dashboards live on a page: its uuid, or "0" for the main page. */
const widgetV3Payload = z.object({
  ...widgetFields,
  page_id: z
    .string()
    .regex(
      /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$|^0$/,
      'a page uuid or "0"',
    )
    .optional(),
});
export type WidgetPayload = z.infer<typeof widgetV3Payload>;

const pagePayload = z.object({
  id: z.uuid(),
  name: dashboardName,
  position: z.number().int().min(0).max(1000),
  icon: z.string().max(1024).optional(),
});

const MAX_WIDGETS = 200;
export const dashboardV2Body = z.object({
  name: dashboardName.optional(),
  cover_image: singleLineText().max(1024).optional(),
  soft_deleted: z.boolean().optional(),
  widgets: z.array(widgetPayload).max(MAX_WIDGETS).optional(),
});
export const dashboardV3Body = z.object({
  name: dashboardName.optional(),
  cover_image: singleLineText().max(1024).optional(),
  soft_deleted: z.boolean().optional(),
  pages: z.array(pagePayload).max(30).optional(),
  widgets: z.array(widgetV3Payload).max(MAX_WIDGETS).optional(),
});
export type DashboardBody = z.infer<typeof dashboardV3Body>;

export const dashboardListQuery = z.object({
  name: z.string().max(64).optional(),
  thing_id: z.uuid().optional(),
  user_id: z.uuid().optional(),
  show_deleted: queryBool.optional(),
});

export const cloneBody = z.object({
  overrides: z
    .array(z.object({ old_thing_id: z.uuid(), new_thing_id: z.uuid() }))
    .max(100)
    .optional(),
});
/** Whom to share with: a user id, or a username, for which an e-mail address also does. */
const shareName = z.string().min(1).max(254).describe('A username or an e-mail address');
export const shareBody = z.object({
  user_id: z.uuid().optional(),
  username: shareName.optional(),
  users: z
    .array(z.object({ user_id: z.uuid().optional(), username: shareName.optional() }))
    .max(100)
    .optional(),
});
export const shareRequestBody = z.object({ message: z.string().max(1000).optional() });
export const widgetLinkBody = z.object({ variables: z.array(z.uuid()).max(100) });
export const widgetParams = z.object({ id: z.uuid(), widgetId: z.uuid() });
export const shareParams = z.object({ id: z.uuid(), user_id: z.uuid() });

export const sharesSchema = z.array(dashboardPersonSchema);
export const variablesLinksSchema = z.object({ variables: z.array(z.string()) });

const templateVariable = z.object({
  name: z.string(),
  permission: z.string(),
  thing_id: z.string(),
  type: z.string(),
  variable_id: z.string(),
  thing_timezone: timezoneInfoSchema.optional(),
});
const templateWidget = {
  ...widgetLayoutShape,
  variables: z.array(templateVariable).optional(),
};
export const dashboardV2TemplateSchema = z.object({
  id: z.string().optional(),
  name: z.string(),
  cover_image: z.string().optional(),
  widgets: z.array(z.object(templateWidget)).optional(),
});
export const dashboardV3TemplateSchema = z.object({
  id: z.string().optional(),
  name: z.string(),
  cover_image: z.string().optional(),
  pages: dashboardV3Schema.shape.pages,
  widgets: z.array(z.object({ ...templateWidget, page_id: z.string() })).optional(),
});

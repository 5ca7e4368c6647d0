import {
  dashboardPersonSchema,
  dashboardV3Schema,
  timezoneInfoSchema,
  widgetLayoutShape,
} from '@tinkercloud/shared';
import type { DashboardV3Request } from '@tinkercloud/shared/iot';
import { z } from 'zod';
import { queryBool } from '../common/schemas.ts';

export { dashboardV2Schema, dashboardV3Schema, linkedVariableSchema } from '@tinkercloud/shared';

export {
  dashboardV2RequestSchema as dashboardV2Body,
  dashboardV3RequestSchema as dashboardV3Body,
  type WidgetV3Request as WidgetPayload,
} from '@tinkercloud/shared/iot';

export type DashboardBody = DashboardV3Request;

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

import { z } from 'zod';

/** A time zone as the API names it with its current offset (seconds) and until when that offset holds. */
export const timezoneInfoSchema = z.object({ name: z.string(), offset: z.number().int(), until: z.string() });

/** A variable linked to a widget, with its thing and last value. */
export const linkedVariableSchema = z.object({
  id: z.string(),
  name: z.string(),
  variable_name: z.string(),
  type: z.string(),
  permission: z.string(),
  thing_id: z.string(),
  thing_name: z.string(),
  thing_timezone: timezoneInfoSchema.optional(),
  last_value: z.unknown().optional(),
  last_value_updated_at: z.string().optional(),
});

/** A widget's type, options and place on the desktop and mobile grids, as read and as in a template. */
export const widgetLayoutShape = {
  type: z.string(),
  name: z.string().optional(),
  options: z.record(z.string(), z.unknown()),
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  x_mobile: z.number().int().optional(),
  y_mobile: z.number().int().optional(),
  width_mobile: z.number().int().optional(),
  height_mobile: z.number().int().optional(),
};
const widgetViewShape = {
  id: z.string(),
  ...widgetLayoutShape,
  variables: z.array(linkedVariableSchema).optional(),
  has_unlinked_variable: z.boolean().optional(),
  has_type_incompatibility: z.boolean().optional(),
  has_permission_incompatibility: z.boolean().optional(),
};
export const widgetSchema = z.object(widgetViewShape);

export const dashboardPersonSchema = z.object({ user_id: z.string(), username: z.string().optional() });
const dashboardViewShape = {
  id: z.string(),
  name: z.string(),
  updated_at: z.string(),
  created_by: dashboardPersonSchema.optional(),
  shared_by: dashboardPersonSchema.optional(),
  shared_with: z.array(dashboardPersonSchema).optional(),
  cover_image: z.string().optional(),
  organization_id: z.string().optional(),
  deleted_at: z.string().optional(),
};
/** A dashboard as `/iot/v2/dashboards` answers it (ArduinoDashboardv2). */
export const dashboardV2Schema = z.object({
  ...dashboardViewShape,
  widgets: z.array(widgetSchema).optional(),
});
export type DashboardView = z.infer<typeof dashboardV2Schema>;
/** A dashboard as `/iot/v3/dashboards` answers it: with pages, each widget on one. */
export const dashboardV3Schema = z.object({
  ...dashboardViewShape,
  pages: z
    .array(
      z.object({ id: z.string(), name: z.string(), position: z.number().int(), icon: z.string().optional() }),
    )
    .optional(),
  widgets: z.array(z.object({ ...widgetViewShape, page_id: z.string() })).optional(),
});

/** How a client reads a linked variable: what it needs to show and write the value. */
export const linkedVariableReadSchema = linkedVariableSchema
  .partial()
  .required({ id: true, name: true, type: true, permission: true, thing_id: true })
  .loose();
export type LinkedVariableRead = z.infer<typeof linkedVariableReadSchema>;
/** How a client reads a widget: its type and place on the desktop grid. */
export const widgetReadSchema = widgetSchema
  .partial()
  .required({ id: true, type: true, x: true, y: true, width: true, height: true })
  .extend({ variables: z.array(linkedVariableReadSchema).optional() })
  .loose();
export type WidgetRead = z.infer<typeof widgetReadSchema>;
/** How a client reads a dashboard (v2): id and name required, its widgets read as such. */
export const dashboardReadSchema = dashboardV2Schema
  .partial()
  .required({ id: true, name: true })
  .extend({ widgets: z.array(widgetReadSchema).optional() })
  .loose();
export type DashboardRead = z.infer<typeof dashboardReadSchema>;

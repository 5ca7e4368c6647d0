import { z } from 'zod';

/** The fields of `GET /iot/v2/dashboards[/{id}]` (ArduinoDashboardv2) that the dashboard pages read. */

export const linkedVariableSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  variable_name: z.string().optional(),
  type: z.string(),
  permission: z.string(),
  thing_id: z.string(),
  thing_name: z.string().optional(),
  last_value: z.unknown().optional(),
  last_value_updated_at: z.string().optional(),
});
export type LinkedVariable = z.infer<typeof linkedVariableSchema>;

export const widgetSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  name: z.string().optional(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  variables: z.array(linkedVariableSchema).optional(),
});
export type Widget = z.infer<typeof widgetSchema>;

export const dashboardSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  updated_at: z.string().optional(),
  widgets: z.array(widgetSchema).optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

import { z } from 'zod';
import { singleLineText } from '../text.ts';
import { DASHBOARD_NAME_MAX_LENGTH, DASHBOARD_NAME_MESSAGE, DASHBOARD_NAME_PATTERN } from './names.ts';

// The dashboard writes, one contract for the server's routes and the web's dashboard editor.

/** Dashboard and page names: the rule of `isDashboardName` (names.ts), with its messages. */
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
/** One widget as a dashboard write carries it: both layouts and the ids of its linked variables. */
export const widgetRequestSchema = z.object(widgetFields);
export type WidgetRequest = z.infer<typeof widgetRequestSchema>;
/** Widgets of v3 dashboards live on a page: its uuid, or "0" for the main page. */
export const widgetV3RequestSchema = z.object({
  ...widgetFields,
  page_id: z
    .string()
    .regex(
      /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$|^0$/,
      'a page uuid or "0"',
    )
    .optional(),
});
export type WidgetV3Request = z.infer<typeof widgetV3RequestSchema>;

const pagePayload = z.object({
  id: z.uuid(),
  name: dashboardName,
  position: z.number().int().min(0).max(1000),
  icon: z.string().max(1024).optional(),
});

const MAX_WIDGETS = 200;
/**
 * `POST /iot/v2/dashboards` and `PUT|PATCH /iot/v2/dashboards/{id}`: the server checks it, the web's editor
 * builds it (PUT replaces the widget list, so one call saves every widget).
 */
export const dashboardV2RequestSchema = z.object({
  name: dashboardName.optional(),
  cover_image: singleLineText().max(1024).optional(),
  soft_deleted: z.boolean().optional(),
  widgets: z.array(widgetRequestSchema).max(MAX_WIDGETS).optional(),
});
export type DashboardV2Request = z.infer<typeof dashboardV2RequestSchema>;
/** The v3 body: v2's with pages, each widget on one. */
export const dashboardV3RequestSchema = z.object({
  name: dashboardName.optional(),
  cover_image: singleLineText().max(1024).optional(),
  soft_deleted: z.boolean().optional(),
  pages: z.array(pagePayload).max(30).optional(),
  widgets: z.array(widgetV3RequestSchema).max(MAX_WIDGETS).optional(),
});
export type DashboardV3Request = z.infer<typeof dashboardV3RequestSchema>;

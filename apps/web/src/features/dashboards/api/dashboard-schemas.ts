/**
 * `GET /iot/v2/dashboards[/{id}]` (ArduinoDashboardv2) as the dashboard pages read it: the readers of the
 * shared contract (`packages/shared/src/iot/dashboards.ts`), under the names the web imports.
 */
export {
  type DashboardRead as Dashboard,
  dashboardReadSchema as dashboardSchema,
  type LinkedVariableRead as LinkedVariable,
  linkedVariableReadSchema as linkedVariableSchema,
  type WidgetRead as Widget,
  widgetReadSchema as widgetSchema,
} from '@tinkercloud/shared';

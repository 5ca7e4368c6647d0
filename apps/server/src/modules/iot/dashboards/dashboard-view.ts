import { compact, iso } from '../common/schemas.ts';
import { timezoneInfo } from '../common/timezones.ts';
import type { DashboardRecord, DashboardRow, LinkedRow, WidgetRow } from './dashboards.repository.ts';

const num = (v: number | null) => (v === null ? undefined : v);
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '') || 'thing';

function linkedVariable(l: LinkedRow) {
  return compact({
    id: l.id,
    name: l.name,
    variable_name: l.variableName ?? l.name,
    type: l.type,
    permission: l.permission,
    thing_id: l.thingId,
    thing_name: l.thingName,
    thing_timezone: timezoneInfo(l.thingTimezone),
    last_value: l.valueUpdatedAt ? l.lastValue : undefined,
    last_value_updated_at: iso(l.valueUpdatedAt),
  });
}

function layout(w: WidgetRow) {
  return {
    type: w.type,
    name: w.name ?? undefined,
    options: w.options,
    x: w.x,
    y: w.y,
    width: w.width,
    height: w.height,
    x_mobile: num(w.xMobile),
    y_mobile: num(w.yMobile),
    width_mobile: num(w.widthMobile),
    height_mobile: num(w.heightMobile),
  };
}

/** ArduinoDashboardv2 / v3: widgets with their linked variables (v3 adds pages and each widget's page). */
export function dashboardView(
  r: DashboardRecord,
  parts: {
    widgets: WidgetRow[];
    linked: LinkedRow[];
    shares: { userId: string; username: string | null }[] | undefined;
    version: 2 | 3;
  },
) {
  const d = r.dashboard;
  const person = (userId: string, username: string | null) =>
    compact({ user_id: userId, username: username ?? undefined });
  return compact({
    id: d.id,
    name: d.name,
    updated_at: d.updatedAt.toISOString(),
    created_by: person(d.ownerUserId, r.ownerUsername),
    shared_by: r.sharedBy ? person(r.sharedBy.userId, r.sharedBy.username) : undefined,
    shared_with: parts.shares?.map((s) => person(s.userId, s.username)),
    cover_image: d.coverImage ?? undefined,
    organization_id: d.organizationId ?? undefined,
    deleted_at: iso(d.deletedAt),
    pages: parts.version === 3 ? (d.pages ?? []).map((p) => compact({ ...p })) : undefined,
    widgets: parts.widgets.map((w) => {
      const variables = parts.linked.filter((l) => l.widgetId === w.id).map(linkedVariable);
      return compact({
        id: w.id,
        ...layout(w),
        ...(parts.version === 3 && { page_id: w.pageId ?? '0' }),
        variables,
      });
    }),
  });
}

/** The dashboard as a template: variables point at things by template id (a slug of the thing's name). */
export function dashboardTemplate(
  d: DashboardRow,
  widgets: WidgetRow[],
  linked: LinkedRow[],
  version: 2 | 3,
) {
  return compact({
    id: slug(d.name),
    name: d.name,
    cover_image: d.coverImage ?? undefined,
    pages: version === 3 ? (d.pages ?? []).map((p) => compact({ ...p })) : undefined,
    widgets: widgets.map((w) =>
      compact({
        ...layout(w),
        ...(version === 3 && { page_id: w.pageId ?? '0' }),
        variables: linked
          .filter((l) => l.widgetId === w.id)
          .map((l) => ({
            name: l.name,
            permission: l.permission,
            thing_id: slug(l.thingName),
            type: l.type,
            variable_id: l.variableName ?? l.name,
          })),
      }),
    ),
  });
}

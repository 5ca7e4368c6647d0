import { queryOptions } from '@tanstack/react-query';
import { type AppConfig, dashboardPersonSchema } from '@tinkercloud/shared';
import type { DashboardV2Request } from '@tinkercloud/shared/iot';
import { z } from 'zod';
import { enc, iotUrl } from '@/features/iot/api/detail-queries.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { ApiRequest } from '@/lib/api.ts';
import { type Dashboard, dashboardSchema } from './dashboard-schemas.ts';

// The dashboard writes (create, rename, save the editor, clone, shares), on `/iot/v2/dashboards`.

interface Ctx {
  api: ApiRequest;
  config: AppConfig;
  space: string;
}

const url = (ctx: Ctx, path = '') => iotUrl(ctx.config, `/iot/v2/dashboards${path}`);

export async function createDashboard(ctx: Ctx, name: string): Promise<Dashboard> {
  const body: DashboardV2Request = { name, widgets: [] };
  return dashboardSchema.parse(await ctx.api(url(ctx), { method: 'POST', body, organization: ctx.space }));
}

/**
 * PUT replaces the widget list, so the editor saves in one call: the name and every widget with both layouts
 * and its linked variables. Without widgets only the name changes.
 */
export async function updateDashboard(ctx: Ctx, id: string, body: DashboardV2Request): Promise<Dashboard> {
  return dashboardSchema.parse(
    await ctx.api(url(ctx, `/${enc(id)}`), { method: 'PUT', body, organization: ctx.space }),
  );
}

/** A copy in the same space, linked to the same variables; the server names it. */
export async function cloneDashboard(ctx: Ctx, id: string): Promise<Dashboard> {
  return dashboardSchema.parse(
    await ctx.api(url(ctx, `/${enc(id)}/clone`), { method: 'PUT', body: {}, organization: ctx.space }),
  );
}

export const dashboardSharesKey = (space: string, id: string) =>
  [...iotKeys.dashboard(space, id), 'shares'] as const;

/** The users the dashboard is shared with (they see it read only). */
export function dashboardSharesQueryOptions(ctx: Ctx, id: string) {
  return queryOptions({
    queryKey: dashboardSharesKey(ctx.space, id),
    queryFn: async () =>
      z
        .array(dashboardPersonSchema)
        .parse(await ctx.api(url(ctx, `/${enc(id)}/shares`), { organization: ctx.space })),
  });
}

/** Shares with the user of that username or e-mail address; the server answers 404 when there is none. */
export async function shareDashboard(ctx: Ctx, id: string, usernameOrEmail: string) {
  await ctx.api(url(ctx, `/${enc(id)}/shares`), {
    method: 'PUT',
    body: { username: usernameOrEmail },
    organization: ctx.space,
  });
}

export async function unshareDashboard(ctx: Ctx, id: string, userId: string) {
  await ctx.api(url(ctx, `/${enc(id)}/shares/${enc(userId)}`), {
    method: 'DELETE',
    organization: ctx.space,
  });
}

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type AdminPlans,
  type AdminUser,
  type AdminUsersPage,
  type AppConfig,
  type AuditQuery,
  adminPlansSchema,
  adminSpacesPageSchema,
  adminUserSchema,
  adminUsersPageSchema,
  auditPageSchema,
  type InstanceHealth,
  instanceHealthSchema,
  type PLAN_REQUEST_STATUSES,
  planRequestListSchema,
  spaceDeletionSummarySchema,
} from '@tinkercloud/shared';
import type { z } from 'zod';
import type { ApiRequest } from '@/lib/api.ts';
import { joinUrl } from '@/lib/urls.ts';

/** What every admin fetcher needs. */
export interface AdminClient {
  api: ApiRequest;
  config: AppConfig;
}

/** Every admin query lives under `['admin']`; a write reads again the lists it touched. */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => ['admin', 'users'] as const,
  usersPage: (query: UsersQuery) => ['admin', 'users', 'page', query] as const,
  user: (id: string) => ['admin', 'users', 'one', id] as const,
  plans: () => ['admin', 'plans'] as const,
  requests: () => ['admin', 'plan-requests'] as const,
  spaces: () => ['admin', 'spaces'] as const,
  spaceDeletion: (id: string) => ['admin', 'spaces', 'deletion', id] as const,
  health: () => ['admin', 'health'] as const,
  audit: (filters: AuditFilters) => ['admin', 'audit', filters] as const,
};

/** `/admin/v1{path}` with the defined values of `query` as its search string. */
export function adminUrl(
  config: AppConfig,
  path: string,
  query: Record<string, string | number | undefined> = {},
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return joinUrl(config.hosts.api, `/admin/v1${path}${qs ? `?${qs}` : ''}`);
}

export const idPath = (id: string) => encodeURIComponent(id);

export interface UsersQuery {
  q?: string | undefined;
  sort: 'created' | 'username' | 'email' | 'last_sign_in';
  order: 'asc' | 'desc';
  page: number;
  per_page: number;
}

/** One page of accounts (search, sort, paging on the server: there may be thousands). */
export function adminUsersQueryOptions({ api, config }: AdminClient, query: UsersQuery) {
  return queryOptions({
    queryKey: adminKeys.usersPage(query),
    queryFn: async ({ signal }): Promise<AdminUsersPage> =>
      adminUsersPageSchema.parse(await api(adminUrl(config, '/users', { ...query }), { signal })),
    // The page being replaced stays on screen while the next one loads: no jump to a loader per keystroke.
    placeholderData: keepPreviousData,
  });
}

export function adminUserQueryOptions({ api, config }: AdminClient, id: string) {
  return queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: async (): Promise<AdminUser> =>
      adminUserSchema.parse(await api(adminUrl(config, `/users/${idPath(id)}`))),
  });
}

export function adminPlansQueryOptions({ api, config }: AdminClient) {
  return queryOptions({
    queryKey: adminKeys.plans(),
    queryFn: async (): Promise<AdminPlans> => adminPlansSchema.parse(await api(adminUrl(config, '/plans'))),
  });
}

export type RequestStatusFilter = (typeof PLAN_REQUEST_STATUSES)[number] | 'all';

export function planRequestsQueryOptions({ api, config }: AdminClient, status: RequestStatusFilter) {
  return queryOptions({
    queryKey: [...adminKeys.requests(), status] as const,
    queryFn: async () =>
      planRequestListSchema.parse(
        await api(adminUrl(config, '/plan-requests', { status: status === 'all' ? undefined : status })),
      ).requests,
  });
}

export interface SpacesQuery {
  q?: string | undefined;
  type?: 'edu' | 'pro' | undefined;
  sort: 'created' | 'name' | 'members';
  order: 'asc' | 'desc';
  page: number;
  per_page: number;
}
export type AdminSpacesPage = z.infer<typeof adminSpacesPageSchema>;

export function adminSpacesQueryOptions({ api, config }: AdminClient, query: SpacesQuery) {
  return queryOptions({
    queryKey: [...adminKeys.spaces(), 'page', query] as const,
    queryFn: async ({ signal }): Promise<AdminSpacesPage> =>
      adminSpacesPageSchema.parse(await api(adminUrl(config, '/spaces', { ...query }), { signal })),
    placeholderData: keepPreviousData,
  });
}

export type SpaceDeletionSummary = z.infer<typeof spaceDeletionSummarySchema>;

/** What deleting a space takes with it, read fresh when the confirmation opens. */
export function spaceDeletionQueryOptions({ api, config }: AdminClient, id: string) {
  return queryOptions({
    queryKey: adminKeys.spaceDeletion(id),
    queryFn: async (): Promise<SpaceDeletionSummary> =>
      spaceDeletionSummarySchema.parse(await api(adminUrl(config, `/spaces/${idPath(id)}/deletion`))),
    staleTime: 0,
  });
}

/** The health page reads it every 10 s while it is open. */
export const HEALTH_REFRESH_MS = 10_000;

export function healthQueryOptions({ api, config }: AdminClient) {
  return queryOptions({
    queryKey: adminKeys.health(),
    queryFn: async (): Promise<InstanceHealth> =>
      instanceHealthSchema.parse(await api(adminUrl(config, '/health'))),
    refetchInterval: HEALTH_REFRESH_MS,
  });
}

export type AuditFilters = Pick<AuditQuery, 'action' | 'who' | 'from' | 'to'>;
export const AUDIT_PAGE_SIZE = 50;

/**
 * One page of the audit log, newest first: the first without `before`, each next one with the previous
 * page's `next_before` ("Load more").
 */
export function auditPageQueryOptions(
  { api, config }: AdminClient,
  filters: AuditFilters,
  before: number | undefined,
) {
  return queryOptions({
    queryKey: [...adminKeys.audit(filters), before ?? 'first'] as const,
    queryFn: async ({ signal }) =>
      auditPageSchema.parse(
        await api(adminUrl(config, '/audit', { ...filters, before, limit: AUDIT_PAGE_SIZE }), { signal }),
      ),
  });
}

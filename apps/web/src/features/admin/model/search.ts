import {
  ADMIN_SPACE_SORTS,
  ADMIN_USER_SORTS,
  AUDIT_ACTIONS,
  type AuditAction,
  PLAN_REQUEST_STATUSES,
} from '@tinkercloud/shared';
import { z } from 'zod';
import type { RequestStatusFilter, SpacesQuery, UsersQuery } from '../api/admin-api.ts';

/**
 * The console's search parameters, one set per tab. The route keeps them as they came (its `validateSearch`
 * is a cast, so nothing of this reaches the first page); each tab reads its own here and drops what it
 * cannot read, so a hand-edited address never breaks a page.
 */
export interface AdminSearch {
  q?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  page?: number;
  type?: 'edu' | 'pro';
  status?: RequestStatusFilter;
  action?: AuditAction;
  who?: string;
  from?: string;
  to?: string;
  /** The user whose detail is open (Users tab). */
  user?: string;
}

export const USERS_PER_PAGE = 25;
export const SPACES_PER_PAGE = 25;

// The router parses `?q=123` as a number: text parameters take it back as text.
const text = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z.string().trim().max(100).optional().catch(undefined),
);
const order = z.enum(['asc', 'desc']).optional().catch(undefined);
const page = z.coerce.number().int().min(1).max(100_000).optional().catch(undefined);
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

const usersSearch = z.object({
  q: text,
  sort: z.enum(ADMIN_USER_SORTS).optional().catch(undefined),
  order,
  page,
  user: text,
});

export function readUsersSearch(search: AdminSearch): UsersQuery & { user?: string | undefined } {
  const s = usersSearch.parse(search);
  return {
    q: s.q || undefined,
    sort: s.sort ?? 'created',
    order: s.order ?? 'desc',
    page: s.page ?? 1,
    per_page: USERS_PER_PAGE,
    user: s.user,
  };
}

const spacesSearch = z.object({
  q: text,
  type: z.enum(['edu', 'pro']).optional().catch(undefined),
  sort: z.enum(ADMIN_SPACE_SORTS).optional().catch(undefined),
  order,
  page,
});

export function readSpacesSearch(search: AdminSearch): SpacesQuery {
  const s = spacesSearch.parse(search);
  return {
    q: s.q || undefined,
    type: s.type,
    sort: s.sort ?? 'created',
    order: s.order ?? 'desc',
    page: s.page ?? 1,
    per_page: SPACES_PER_PAGE,
  };
}

const statusSearch = z
  .enum([...PLAN_REQUEST_STATUSES, 'all'])
  .optional()
  .catch(undefined);

/** Requests open on the pending ones. */
export function readRequestStatus(search: AdminSearch): RequestStatusFilter {
  return statusSearch.parse(search.status) ?? 'pending';
}

const auditSearch = z.object({
  action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
  who: text,
  from: isoDay,
  to: isoDay,
});

export interface AuditSearch {
  action?: AuditAction | undefined;
  who?: string | undefined;
  /** Days (YYYY-MM-DD) in the browser's time zone, both included. */
  from?: string | undefined;
  to?: string | undefined;
}

export function readAuditSearch(search: AdminSearch): AuditSearch {
  const s = auditSearch.parse(search);
  return { action: s.action, who: s.who || undefined, from: s.from, to: s.to };
}

/** A day of the date inputs as the API's instants: its first moment, or (for `to`) its last, local time. */
export function dayStart(day: string | undefined): string | undefined {
  return day ? new Date(`${day}T00:00:00`).toISOString() : undefined;
}

export function dayEnd(day: string | undefined): string | undefined {
  return day ? new Date(`${day}T23:59:59.999`).toISOString() : undefined;
}

import { queryOptions } from '@tanstack/react-query';
import {
  type AppConfig,
  countriesResponseSchema,
  kitsResponseSchema,
  MY_CLOUD_SPACE_ID,
  organizationsResponseSchema,
  type Space,
  spaceSchema,
} from '@tinkercloud/shared';
import type { z } from 'zod';
import type { ApiRequest } from '@/lib/api.ts';
import { joinUrl } from '@/lib/urls.ts';
import { type BrandedDeployment, listSpaces } from '../model/selection.ts';

export const SPACES_KEY = ['spaces'] as const;

const orgUrl = (config: AppConfig, id?: string, rest = '') =>
  joinUrl(
    config.hosts.api,
    `/classroom/v1/organizations${id === undefined ? '' : `/${encodeURIComponent(id)}`}${rest}`,
  );

/** The caller's spaces, My Cloud first (spec 4.3); never stale (spec section 9). */
export function spacesQueryOptions(api: ApiRequest, config: AppConfig, branded: BrandedDeployment | null) {
  return queryOptions({
    queryKey: SPACES_KEY,
    queryFn: async (): Promise<Space[]> =>
      listSpaces(organizationsResponseSchema.parse(await api(orgUrl(config))).organizations, branded),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export interface CreateSpaceInput {
  name: string;
  space: 'edu' | 'pro';
  type?: string | undefined;
  country?: string | undefined;
}

export async function createSpace(api: ApiRequest, config: AppConfig, input: CreateSpaceInput) {
  return spaceSchema.parse(await api(orgUrl(config), { method: 'POST', body: input }));
}

export interface SpaceChanges {
  name?: string | undefined;
  type?: string | undefined;
  country?: string | undefined;
}

/** The fields that differ from the space; empty when nothing changed. */
export function changedFields(space: Space, form: Required<SpaceChanges>): SpaceChanges {
  const changes: SpaceChanges = {};
  if (form.name.trim() !== space.name) changes.name = form.name.trim();
  if (form.type !== space.type) changes.type = form.type;
  if (form.country !== space.country) changes.country = form.country;
  return changes;
}

/** PATCH the space; skipped (false) when none of name, type or country is given (spec 5). */
export async function updateSpace(
  api: ApiRequest,
  config: AppConfig,
  id: string,
  changes: SpaceChanges,
): Promise<boolean> {
  const body = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(body).length === 0) return false;
  await api(orgUrl(config, id), { method: 'PATCH', body, organization: id });
  return true;
}

export function deleteSpace(api: ApiRequest, config: AppConfig, id: string) {
  return api(orgUrl(config, id), { method: 'DELETE', organization: id });
}

/** The icon logo has no type; `second` marks the horizontal logo (spec 5). */
export type LogoKind = 'icon' | 'second';
const logoUrl = (config: AppConfig, id: string, kind: LogoKind) =>
  orgUrl(config, id, `/logo${kind === 'second' ? '?type=second' : ''}`);

export function uploadLogo(api: ApiRequest, config: AppConfig, id: string, kind: LogoKind, file: File) {
  const form = new FormData();
  form.append('logo', file);
  return api(logoUrl(config, id, kind), { method: 'POST', body: form, organization: id });
}

export function deleteLogo(api: ApiRequest, config: AppConfig, id: string, kind: LogoKind) {
  return api(logoUrl(config, id, kind), { method: 'DELETE', organization: id });
}

/** Leaving a space removes the caller's own membership. */
export function leaveSpace(api: ApiRequest, config: AppConfig, id: string) {
  return api(orgUrl(config, id, '/members/me/membership'), { method: 'DELETE', organization: id });
}

export function countriesQueryOptions(api: ApiRequest, config: AppConfig) {
  return queryOptions({
    queryKey: ['countries'],
    queryFn: async () =>
      countriesResponseSchema.parse(await api(joinUrl(config.hosts.api, '/countries/v1'))).countries,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export type Kit = z.infer<typeof kitsResponseSchema>['kits'][number];

/** Kits and their courses; My Cloud reads the education catalogue (spec 7.3). */
export function kitsQueryOptions(api: ApiRequest, config: AppConfig, spaceId: string) {
  const url =
    spaceId === MY_CLOUD_SPACE_ID
      ? joinUrl(config.hosts.api, '/education/v2/kits')
      : orgUrl(config, spaceId, '/kits');
  return queryOptions({
    queryKey: ['kits', spaceId],
    queryFn: async (): Promise<Kit[]> =>
      kitsResponseSchema.parse(await api(url, { organization: spaceId })).kits,
  });
}

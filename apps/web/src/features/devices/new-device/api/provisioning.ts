import { queryOptions } from '@tanstack/react-query';
import {
  type AppConfig,
  type BoardRead,
  boardListReadSchema,
  type Onboarding,
  onboardingSchema,
} from '@tinkercloud/shared';
import type { ApiRequest } from '../../../../lib/api.ts';
import { joinUrl } from '../../../../lib/urls.ts';

/** A board of the server's catalogue (`GET {boards}/v1/boards`), as the shared contract's reader reads it. */
export type Board = BoardRead;

export const provisioningKeys = {
  boards: ['boards'] as const,
  onboarding: (space: string, id: string) => ['provisioning', space, 'onboarding', id] as const,
};

/** Boards and provisioning queries are never stale (spec 9, query cache). */
export function boardsQueryOptions(api: ApiRequest, config: AppConfig) {
  return queryOptions({
    queryKey: provisioningKeys.boards,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<Board[]> =>
      boardListReadSchema.parse(await api(joinUrl(config.hosts.boards, '/v1/boards'))).boards,
  });
}

export const onboardingUrl = (config: AppConfig, path = '') =>
  joinUrl(config.hosts.provisioning, `/v1/onboarding${path}`);

export function onboardingQueryOptions(api: ApiRequest, config: AppConfig, space: string, id: string) {
  return queryOptions({
    queryKey: provisioningKeys.onboarding(space, id),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<Onboarding> =>
      onboardingSchema.parse(
        await api(onboardingUrl(config, `/${encodeURIComponent(id)}`), { organization: space }),
      ),
  });
}

/** Starts waiting for a device to connect; the server answers the one still waiting when there is one. */
export async function startOnboarding(api: ApiRequest, config: AppConfig, space: string, deviceId: string) {
  return onboardingSchema.parse(
    await api(onboardingUrl(config), { method: 'POST', body: { device_id: deviceId }, organization: space }),
  );
}

export async function endOnboarding(api: ApiRequest, config: AppConfig, space: string, id: string) {
  return onboardingSchema.parse(
    await api(onboardingUrl(config, `/${encodeURIComponent(id)}`), { method: 'DELETE', organization: space }),
  );
}

import { queryOptions } from '@tanstack/react-query';
import {
  type ApiClientCreatedRead,
  type ApiClientRead,
  type AppConfig,
  apiClientCreatedReadSchema,
  apiClientReadSchema,
} from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import type { ApiRequest } from '@/lib/api.ts';
import { joinUrl } from '@/lib/urls.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';

/** Under `['iot', space]`, so a space change drops the list with the other IoT caches. */
export const apiKeysKey = (space: string) => ['iot', space, 'api-keys'] as const;

const clientsUrl = (config: AppConfig, id?: string) =>
  joinUrl(config.hosts.api, id ? `/iot/v1/clients/${encodeURIComponent(id)}` : '/iot/v1/clients');

/** The caller's own keys in the selected space (spec 7.4 `GET /iot/v1/clients`). */
export function apiKeysQueryOptions(api: ApiRequest, config: AppConfig, space: string) {
  return queryOptions({
    queryKey: apiKeysKey(space),
    queryFn: async (): Promise<ApiClientRead[]> =>
      apiClientReadSchema.array().parse(await api(clientsUrl(config), { organization: space })),
  });
}

/**
 * Creates a key. The answer is the only place its secret ever appears, so the caller keeps it in state and
 * shows it; the list and the plan recap (its usage counts keys) are read again.
 */
export function useCreateApiKey(space: string) {
  const { api, config } = useServices();
  return useApiMutation<ApiClientCreatedRead, string>({
    mutationFn: async (name) =>
      apiClientCreatedReadSchema.parse(
        await api(clientsUrl(config), { method: 'POST', body: { name }, organization: space }),
      ),
    invalidates: [apiKeysKey(space), ['recap', space]],
  });
}

/** Revokes a key: the server refuses its tokens within seconds. Removed from the list at once. */
export function useRevokeApiKey(space: string) {
  const { api, config } = useServices();
  return useApiMutation<unknown, ApiClientRead, ApiClientRead[]>({
    mutationFn: (key) => api(clientsUrl(config, key.client_id), { method: 'DELETE', organization: space }),
    optimistic: {
      queryKey: apiKeysKey(space),
      update: (keys, revoked) => keys?.filter((key) => key.client_id !== revoked.client_id),
    },
    invalidates: [['recap', space]],
    successMessage: (_data, key) => `API key ${key.name} revoked`,
  });
}

import { queryOptions } from '@tanstack/react-query';
import {
  type AppConfig,
  type PlanRequest,
  planRequestListSchema,
  planRequestSchema,
  recapSchema,
} from '@tinkercloud/shared';
import { z } from 'zod';
import { useServices } from '@/app/services.tsx';
import type { ApiRequest } from '@/lib/api.ts';
import { joinUrl } from '@/lib/urls.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';

/**
 * The plan catalogue any signed-in user may read (`GET /restrictions/v1/plans`), with each plan's limits as
 * this server has them. Devices and retention are read when the server sends them.
 */
const catalogueSchema = z.object({
  plans: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      scope: z.enum(['user', 'pro', 'edu']),
      limits: recapSchema.shape.limits.extend({
        devices: z.number().int().nullable().optional(),
        retention_days: z.number().int().optional(),
      }),
    }),
  ),
});
export type CataloguePlan = z.infer<typeof catalogueSchema>['plans'][number];

export function planCatalogueQueryOptions(api: ApiRequest, config: AppConfig) {
  return queryOptions({
    queryKey: ['plans', 'catalogue'],
    queryFn: async (): Promise<CataloguePlan[]> =>
      catalogueSchema.parse(await api(joinUrl(config.hosts.api, '/restrictions/v1/plans'))).plans,
  });
}

const requestsUrl = (config: AppConfig, id?: string) =>
  joinUrl(config.hosts.api, id ? `/plans/v1/requests/${encodeURIComponent(id)}` : '/plans/v1/requests');
export const myRequestsKey = ['plans', 'requests'] as const;

/** The caller's own plan requests, pending and decided. */
export function myPlanRequestsQueryOptions(api: ApiRequest, config: AppConfig) {
  return queryOptions({
    queryKey: myRequestsKey,
    queryFn: async (): Promise<PlanRequest[]> =>
      planRequestListSchema.parse(await api(requestsUrl(config))).requests,
  });
}

export interface NewPlanRequest {
  plan: CataloguePlan;
  /** A school or team space the caller administers; absent: their own plan. */
  spaceId?: string | undefined;
  seats?: number | undefined;
  message: string;
}

export function useCreatePlanRequest() {
  const { api, config } = useServices();
  return useApiMutation<PlanRequest, NewPlanRequest>({
    mutationFn: async ({ plan, spaceId, seats, message }) =>
      planRequestSchema.parse(
        await api(requestsUrl(config), {
          method: 'POST',
          body: { plan_id: plan.id, space_id: spaceId, seats, message },
        }),
      ),
    invalidates: [myRequestsKey],
    successMessage: (_r, { plan }) => `Request for ${plan.name} sent to the operator`,
  });
}

export function useWithdrawPlanRequest() {
  const { api, config } = useServices();
  return useApiMutation<PlanRequest, PlanRequest>({
    mutationFn: async (request) =>
      planRequestSchema.parse(await api(requestsUrl(config, request.id), { method: 'DELETE' })),
    invalidates: [myRequestsKey],
    successMessage: (_r, request) => `Request for ${request.plan_name} withdrawn`,
  });
}

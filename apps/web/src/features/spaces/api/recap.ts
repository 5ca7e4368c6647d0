import { queryOptions } from '@tanstack/react-query';
import { type AppConfig, type Recap, recapSchema, rolesAllow, type Space } from '@tinkercloud/shared';
import { z } from 'zod';
import type { ApiRequest } from '@/lib/api.ts';
import { joinUrl } from '@/lib/urls.ts';

/** Plans, usage and limits of a space; the organisation header is omitted for My Cloud (spec 7.3). */
export function recapQueryOptions(api: ApiRequest, config: AppConfig, spaceId: string) {
  return queryOptions({
    queryKey: ['recap', spaceId],
    queryFn: async (): Promise<Recap> =>
      recapSchema.parse(
        await api(joinUrl(config.hosts.api, '/restrictions/v1/recap/me'), { organization: spaceId }),
      ),
  });
}

/**
 * Whether the server lets the user read this space's recap: always in My Cloud, in a space only with
 * `plan.read` (students may not). Asking without it only earns a 403 in the console; the plan-dependent
 * notices then stay hidden, as they do while the recap loads.
 */
export function canReadRecap(space: Pick<Space, 'space' | 'roles'>): boolean {
  return space.space === 'private' || rolesAllow(space.roles, 'plan.read');
}

const activationSchema = z.object({ plan_id: z.string(), message: z.string().optional() });

/** Activates a plan bought elsewhere; Home calls it with `renewal_id` (spec 4.5). */
export async function activateRenewal(api: ApiRequest, config: AppConfig, renewalId: string) {
  return activationSchema.parse(
    await api(
      joinUrl(config.hosts.api, `/restrictions/v1/renewals/${encodeURIComponent(renewalId)}/activate`),
      { method: 'POST' },
    ),
  );
}

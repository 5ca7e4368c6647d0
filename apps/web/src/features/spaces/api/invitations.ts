import { queryOptions } from '@tanstack/react-query';
import {
  type AppConfig,
  acceptInvitationResponseSchema,
  type ReceivedInvitation,
  receivedInvitationsResponseSchema,
} from '@tinkercloud/shared';
import type { ApiRequest } from '@/lib/api.ts';
import { joinUrl } from '@/lib/urls.ts';

export const INVITATIONS_KEY = ['invitations'] as const;

const url = (config: AppConfig, rest = '') => joinUrl(config.hosts.api, `/classroom/v1/invitations${rest}`);

/** Invitations to spaces waiting for the signed-in user's answer. */
export function invitationsQueryOptions(api: ApiRequest, config: AppConfig) {
  return queryOptions({
    queryKey: INVITATIONS_KEY,
    queryFn: async (): Promise<ReceivedInvitation[]> =>
      receivedInvitationsResponseSchema.parse(await api(url(config))).invitations,
  });
}

export async function acceptInvitation(api: ApiRequest, config: AppConfig, id: string) {
  return acceptInvitationResponseSchema.parse(
    await api(url(config, `/${encodeURIComponent(id)}/accept`), { method: 'POST' }),
  );
}

export async function declineInvitation(api: ApiRequest, config: AppConfig, id: string) {
  await api(url(config, `/${encodeURIComponent(id)}/decline`), { method: 'POST' });
}

import { queryOptions } from '@tanstack/react-query';
import {
  type AppConfig,
  invitationsSentResponseSchema,
  joinCodeResponseSchema,
  type Member,
  membersResponseSchema,
  type SpaceInvitation,
} from '@tinkercloud/shared';
import type { ApiRequest } from '@/lib/api.ts';
import { joinUrl } from '@/lib/urls.ts';

const membersUrl = (config: AppConfig, spaceId: string, rest = '') =>
  joinUrl(config.hosts.api, `/classroom/v1/organizations/${encodeURIComponent(spaceId)}/members${rest}`);

export interface MembersList {
  members: Member[];
  /** Invitations waiting for their invitee: only the login the inviter typed. */
  invitations: SpaceInvitation[];
}

export function membersQueryOptions(api: ApiRequest, config: AppConfig, spaceId: string) {
  return queryOptions({
    queryKey: ['members', spaceId],
    queryFn: async (): Promise<MembersList> =>
      membersResponseSchema.parse(await api(membersUrl(config, spaceId), { organization: spaceId })),
  });
}

/** Invites people; they become members when they accept. Answers the pending invitations. */
export async function inviteMembers(
  api: ApiRequest,
  config: AppConfig,
  spaceId: string,
  members: { login: string; role: string }[],
): Promise<SpaceInvitation[]> {
  const body = await api(membersUrl(config, spaceId), {
    method: 'POST',
    body: { members },
    organization: spaceId,
  });
  return invitationsSentResponseSchema.parse(body).invitations;
}

/** Withdraws a pending invitation. */
export async function cancelInvitation(
  api: ApiRequest,
  config: AppConfig,
  spaceId: string,
  invitationId: string,
) {
  await api(
    joinUrl(
      config.hosts.api,
      `/classroom/v1/organizations/${encodeURIComponent(spaceId)}/invitations/${encodeURIComponent(invitationId)}`,
    ),
    { method: 'DELETE', organization: spaceId },
  );
}

/** Skipped (false) without ids (spec 5). */
export async function removeMember(api: ApiRequest, config: AppConfig, spaceId: string, memberId: string) {
  if (!spaceId || !memberId) return false;
  await api(membersUrl(config, spaceId, `/${encodeURIComponent(memberId)}`), {
    method: 'DELETE',
    organization: spaceId,
  });
  return true;
}

/** Skipped (false) without ids (spec 5). */
export async function changeMemberRole(
  api: ApiRequest,
  config: AppConfig,
  spaceId: string,
  memberId: string,
  role: string,
) {
  if (!spaceId || !memberId) return false;
  await api(membersUrl(config, spaceId, `/${encodeURIComponent(memberId)}/role`), {
    method: 'PATCH',
    body: { member_role: role },
    organization: spaceId,
  });
  return true;
}

export function joinCodeQueryOptions(api: ApiRequest, config: AppConfig, spaceId: string) {
  return queryOptions({
    queryKey: ['join-code', spaceId],
    queryFn: async () =>
      joinCodeResponseSchema.parse(
        await api(
          joinUrl(config.hosts.api, `/classroom/v1/organizations/${encodeURIComponent(spaceId)}/code`),
          { organization: spaceId },
        ),
      ).code,
  });
}

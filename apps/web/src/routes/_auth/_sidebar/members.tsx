import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { type OrganizationSpaceType, plural, rolesAllow, type Space, seatLimit } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Page } from '@/components/Page.tsx';
import { membersQueryOptions } from '@/features/spaces/api/members.ts';
import { recapQueryOptions } from '@/features/spaces/api/recap.ts';
import { InviteMembers } from '@/features/spaces/components/InviteMembers.tsx';
import { MembersTable } from '@/features/spaces/components/MembersTable.tsx';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { requireAccess } from '@/lib/route-guards.ts';

export const Route = createFileRoute('/_auth/_sidebar/members')({
  staticData: { title: 'Members' },
  beforeLoad: requireAccess('members'),
  component: MembersPage,
});

const isOrganization = (space: Space): space is Space & { space: OrganizationSpaceType } =>
  space.space !== 'private';

function MembersPage() {
  const { api, config } = useServices();
  const { selected: space } = useSpaces();
  const members = useQuery(membersQueryOptions(api, config, space.id));
  const recap = useQuery(recapQueryOptions(api, config, space.id));
  if (!isOrganization(space)) return null;
  const seats = seatLimit(space, recap.data?.limits.cloud_things ?? null);
  // Seats hold members only: a pending invitation takes one when accepted.
  const count = members.data?.members.length ?? space.members;
  return (
    <Page title="Members">
      <p className="muted" data-testid="seats">
        {seats === null
          ? `${count} ${plural('member', count)} · unlimited seats`
          : `${count} of ${seats} seats used`}
      </p>
      {rolesAllow(space.roles, 'members.invite') && <InviteMembers space={space} />}
      <AsyncState
        query={members}
        errorTitle="Members could not be loaded"
        isEmpty={(data) => data.members.length + data.invitations.length === 0}
        empty={{ title: 'No members yet', hint: 'People you invite will be listed here.' }}
      >
        {(data) => <MembersTable space={space} members={data.members} invitations={data.invitations} />}
      </AsyncState>
    </Page>
  );
}

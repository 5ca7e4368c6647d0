import { useQueryClient } from '@tanstack/react-query';
import {
  avatarInitials,
  type Member,
  type OrganizationSpaceType,
  ROLE_OPTIONS,
  rolesAllow,
  type Space,
  type SpaceInvitation,
} from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { LoadingButton } from '@/components/LoadingButton.tsx';
import { formatDate } from '@/features/iot/model/format-time.ts';
import { readAgain } from '@/lib/query-client.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import { cancelInvitation, changeMemberRole, membersQueryOptions, removeMember } from '../api/members.ts';
import { roleLabel } from '../model/role-label.ts';

/**
 * The members of a space (avatar or initials, name, username, e-mail, roles, last update), then the pending
 * invitations: only the login the inviter typed, the role and a Pending marker until the invitee accepts.
 */
export function MembersTable({
  space,
  members,
  invitations,
}: {
  space: Space & { space: OrganizationSpaceType };
  members: Member[];
  invitations: SpaceInvitation[];
}) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  const canChangeRole = rolesAllow(space.roles, 'members.role');
  const canRemove = rolesAllow(space.roles, 'members.remove');
  // Who may invite may withdraw; without members.role (teachers) only invitations with the base role, the
  // last of the spec's order (as the server enforces).
  const baseRole = ROLE_OPTIONS[space.space].at(-1)?.value;
  const canWithdraw = (invitation: SpaceInvitation) =>
    rolesAllow(space.roles, 'members.invite') &&
    (canChangeRole || invitation.roles.every((role) => role === baseRole));
  const hasActions = canRemove || invitations.some(canWithdraw);
  const refresh = () => readAgain(queryClient, membersQueryOptions(api, config, space.id).queryKey);

  const setRole = async (member: Member, role: string) => {
    try {
      await changeMemberRole(api, config, space.id, member.id, role);
      toast.success(`${member.name || member.username} is now ${roleLabel(space.space, role)}`);
      await refresh();
    } catch (error) {
      toast.error(networkErrorMessage(error));
    }
  };

  const remove = async (member: Member) => {
    try {
      await removeMember(api, config, space.id, member.id);
      toast.success(`${member.name || member.username} was removed`);
      await refresh();
    } catch (error) {
      toast.error(networkErrorMessage(error));
    }
  };

  const withdraw = async (invitation: SpaceInvitation) => {
    try {
      await cancelInvitation(api, config, space.id, invitation.id);
      toast.success(`The invitation of ${invitation.login} was withdrawn`);
      await refresh();
    } catch (error) {
      toast.error(networkErrorMessage(error));
    }
  };

  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Avatar</span>
            </th>
            <th scope="col">Name</th>
            <th scope="col">Username</th>
            <th scope="col">E-mail</th>
            <th scope="col">Role</th>
            <th scope="col">Last update</th>
            {hasActions && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.id}>
              <td>
                {member.avatar ? (
                  <img className="avatar" src={member.avatar} alt="" />
                ) : (
                  <span className="avatar" aria-hidden="true" data-testid="member-initials">
                    {avatarInitials(member.name || member.username)}
                  </span>
                )}
              </td>
              <td>{member.name}</td>
              <td>{member.username}</td>
              <td>{member.email}</td>
              <td>
                {canChangeRole ? (
                  <select
                    aria-label={`Role of ${member.name || member.username}`}
                    value={member.roles[0] ?? ''}
                    onChange={(event) => void setRole(member, event.target.value)}
                  >
                    {ROLE_OPTIONS[space.space].map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  member.roles.map((role) => roleLabel(space.space, role)).join(', ')
                )}
              </td>
              <td>{formatDate(member.last_update)}</td>
              {hasActions && !canRemove && <td />}
              {canRemove && (
                <td>
                  <LoadingButton
                    className="button-subtle button-small"
                    aria-label={`Remove ${member.name || member.username}`}
                    onClick={() => remove(member)}
                  >
                    Remove
                  </LoadingButton>
                </td>
              )}
            </tr>
          ))}
          {invitations.map((invitation) => (
            <tr key={invitation.id} data-testid="pending-invitation">
              <td>
                <span className="avatar" aria-hidden="true">
                  {avatarInitials(invitation.login)}
                </span>
              </td>
              <td>
                {invitation.login}
                <span className="pending-badge">Pending</span>
              </td>
              <td />
              <td />
              <td>{invitation.roles.map((role) => roleLabel(space.space, role)).join(', ')}</td>
              <td>{formatDate(invitation.invited_at)}</td>
              {hasActions && (
                <td>
                  {canWithdraw(invitation) && (
                    <LoadingButton
                      className="button-subtle button-small"
                      aria-label={`Withdraw the invitation of ${invitation.login}`}
                      onClick={() => withdraw(invitation)}
                    >
                      Withdraw
                    </LoadingButton>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

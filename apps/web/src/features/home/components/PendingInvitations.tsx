import { useQueryClient } from '@tanstack/react-query';
import type { ReceivedInvitation } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { LoadingButton } from '@/components/LoadingButton.tsx';
import { acceptInvitation, declineInvitation, INVITATIONS_KEY } from '@/features/spaces/api/invitations.ts';
import { SPACES_KEY } from '@/features/spaces/api/spaces.ts';
import { roleLabel } from '@/features/spaces/model/role-label.ts';
import { readAgain } from '@/lib/query-client.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';

const KIND = { edu: 'School', pro: 'Team' } as const;

/**
 * Invitations to spaces waiting for the user's answer. Being added to a space takes consent: accepting makes
 * the user a member (and selects the space), declining deletes the invitation. Home reads the invitations and
 * loads this (a lazy chunk) only when there are some.
 */
export default function PendingInvitations({ invitations }: { invitations: ReceivedInvitation[] }) {
  const { api, config, spaces } = useServices();
  const queryClient = useQueryClient();

  const settle = () => readAgain(queryClient, INVITATIONS_KEY);

  const accept = async (invitation: ReceivedInvitation) => {
    try {
      const result = await acceptInvitation(api, config, invitation.id);
      await readAgain(queryClient, SPACES_KEY);
      spaces.select(result.organization_id);
      toast.success(`You joined ${invitation.organization_name}.`);
    } catch (error) {
      toast.error(networkErrorMessage(error));
    }
    await settle();
  };

  const decline = async (invitation: ReceivedInvitation) => {
    try {
      await declineInvitation(api, config, invitation.id);
      toast.info(`Invitation to ${invitation.organization_name} declined.`);
    } catch (error) {
      toast.error(networkErrorMessage(error));
    }
    await settle();
  };

  return (
    <section className="flow-card" aria-label="Invitations">
      <h2>Invitations</h2>
      <ul className="invitation-list">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="invitation" data-testid="invitation">
            <div>
              <strong>{invitation.organization_name}</strong>
              <p className="muted">
                {KIND[invitation.space]} space · as{' '}
                {invitation.roles.map((role) => roleLabel(invitation.space, role)).join(', ')}
                {invitation.invited_by && ` · invited by ${invitation.invited_by}`}
              </p>
            </div>
            <div className="invitation-actions">
              <LoadingButton
                className="button-small"
                aria-label={`Accept the invitation to ${invitation.organization_name}`}
                onClick={() => accept(invitation)}
              >
                Accept
              </LoadingButton>
              <LoadingButton
                className="button-subtle button-small"
                aria-label={`Decline the invitation to ${invitation.organization_name}`}
                onClick={() => decline(invitation)}
              >
                Decline
              </LoadingButton>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

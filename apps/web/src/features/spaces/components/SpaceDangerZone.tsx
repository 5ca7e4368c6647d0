import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { MY_CLOUD_SPACE_ID, rolesAllow, type Space } from '@tinkercloud/shared';
import { useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { LoadingButton } from '@/components/LoadingButton.tsx';
import { readAgain } from '@/lib/query-client.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import { deleteSpace, leaveSpace, SPACES_KEY } from '../api/spaces.ts';

type Pending = 'delete' | 'leave' | null;

/** Leaving a space (any member) and deleting it (admins), each after a confirmation. */
export function SpaceDangerZone({ space }: { space: Space }) {
  const { api, config, spaces } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending>(null);
  const canDelete = rolesAllow(space.roles, 'space.delete');

  const finish = async (message: string) => {
    setPending(null);
    toast.success(message);
    spaces.select(MY_CLOUD_SPACE_ID);
    await readAgain(queryClient, SPACES_KEY);
    await navigate({ to: '/', replace: true });
  };

  const confirm = async () => {
    try {
      if (pending === 'delete') {
        await deleteSpace(api, config, space.id);
        await finish(`${space.name} was deleted`);
      } else {
        await leaveSpace(api, config, space.id);
        await finish(`You left ${space.name}`);
      }
    } catch (error) {
      toast.error(networkErrorMessage(error));
    }
  };

  return (
    <section className="danger-zone" aria-label="Leave or delete">
      <h2>Leave or delete</h2>
      <div className="danger-actions">
        <button type="button" className="button button-subtle" onClick={() => setPending('leave')}>
          Leave space
        </button>
        {canDelete && (
          <button type="button" className="button button-danger" onClick={() => setPending('delete')}>
            Delete space
          </button>
        )}
      </div>
      {pending && (
        <Dialog
          label={pending === 'delete' ? 'Delete space' : 'Leave space'}
          onClose={() => setPending(null)}
        >
          <p>
            {pending === 'delete'
              ? `Delete ${space.name} for all its members? Its devices, things and dashboards go with it. This cannot be undone.`
              : `Leave ${space.name}? You will need a new invitation or join code to come back.`}
          </p>
          <div className="modal-actions">
            <button type="button" className="button button-subtle" onClick={() => setPending(null)}>
              Cancel
            </button>
            <LoadingButton className={pending === 'delete' ? 'button-danger' : ''} onClick={confirm}>
              {pending === 'delete' ? 'Delete' : 'Leave'}
            </LoadingButton>
          </div>
        </Dialog>
      )}
    </section>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { FormField } from '@/components/FormField.tsx';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import { useIotContext } from '@/features/things/api/use-iot-context.ts';
import { ApiError } from '@/lib/api.ts';
import { readAgain } from '@/lib/query-client.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import {
  dashboardSharesKey,
  dashboardSharesQueryOptions,
  shareDashboard,
  unshareDashboard,
} from '../api/dashboard-writes.ts';

/** Who sees the dashboard (read only), adding a user by username or e-mail address and removing one. */
export function ShareDashboardDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const ctx = useIotContext();
  const queryClient = useQueryClient();
  const shares = useQuery(dashboardSharesQueryOptions(ctx, id));
  const [username, setUsername] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = () =>
    Promise.all([
      readAgain(queryClient, dashboardSharesKey(ctx.space, id)),
      readAgain(queryClient, iotKeys.dashboard(ctx.space, id), { exact: true }),
    ]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (!name) {
      setProblem('Enter the username or e-mail address of the person to share with.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await shareDashboard(ctx, id, name);
      setUsername('');
      toast.success(`Shared with ${name}`);
      await refresh();
    } catch (err) {
      setProblem(
        err instanceof ApiError && err.status === 404
          ? `No user has the username or e-mail address ${name}.`
          : networkErrorMessage(err),
      );
    } finally {
      setBusy(false);
    }
  };

  const remove = async (userId: string, name: string) => {
    try {
      await unshareDashboard(ctx, id, userId);
      toast.success(`${name} no longer sees this dashboard`);
      await refresh();
    } catch (err) {
      toast.error(networkErrorMessage(err));
    }
  };

  return (
    <Dialog label="Share dashboard" onClose={onClose}>
      <form className="form" onSubmit={(event) => void add(event)} noValidate>
        <p className="muted">
          People you share with see the dashboard and its values; they cannot change it.
        </p>
        <FormField label="Username or e-mail" error={problem}>
          {(control) => (
            <input
              {...control}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              autoComplete="off"
              maxLength={254}
            />
          )}
        </FormField>
        <div className="modal-actions">
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            Share
          </button>
        </div>
      </form>
      <h3>Shared with</h3>
      <AsyncState
        query={shares}
        errorTitle="Shares could not be loaded"
        empty={{
          title: 'Not shared yet',
          hint: 'Add a username or e-mail address above to share this dashboard.',
        }}
      >
        {(people) => (
          <ul className="dashboard-shares" aria-label="Shared with">
            {people.map((person) => {
              const name = person.username ?? person.user_id;
              return (
                <li key={person.user_id}>
                  <span>{name}</span>
                  <button
                    type="button"
                    className="button button-subtle"
                    aria-label={`Stop sharing with ${name}`}
                    onClick={() => void remove(person.user_id, name)}
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </AsyncState>
      <div className="modal-actions">
        <button type="button" className="button button-subtle" onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}

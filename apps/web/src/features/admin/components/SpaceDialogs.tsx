import { useQuery } from '@tanstack/react-query';
import type { AdminSpace } from '@tinkercloud/shared';
import { useId, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { Button } from '@/components/Button.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { FormField } from '@/components/FormField.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import {
  adminPlansQueryOptions,
  adminUsersQueryOptions,
  spaceDeletionQueryOptions,
} from '../api/admin-api.ts';
import { useDeleteSpace, useGrantSpacePlan, useTransferOwner } from '../api/use-admin-writes.ts';
import { planWithEnd, SPACE_TYPE_LABELS } from '../model/format.ts';
import { PlanGrantForm } from './PlanGrantForm.tsx';
import { SearchField } from './SearchField.tsx';

export type SpaceAction = 'plan' | 'owner' | 'delete';

export function SpaceDialogs({
  space,
  action,
  onClose,
}: {
  space: AdminSpace;
  action: SpaceAction;
  onClose: () => void;
}) {
  if (action === 'plan') return <GrantSpacePlanDialog space={space} onClose={onClose} />;
  if (action === 'owner') return <TransferOwnerDialog space={space} onClose={onClose} />;
  return <DeleteSpaceDialog space={space} onClose={onClose} />;
}

function GrantSpacePlanDialog({ space, onClose }: { space: AdminSpace; onClose: () => void }) {
  const { api, config } = useServices();
  const plans = useQuery(adminPlansQueryOptions({ api, config }));
  const grant = useGrantSpacePlan(space);
  return (
    <Dialog label={`Grant a plan to ${space.name}`} onClose={onClose}>
      <p>
        {SPACE_TYPE_LABELS[space.space]} space · now {space.plan ? planWithEnd(space.plan) : 'without a plan'}{' '}
        · {space.seats === null ? 'unlimited seats' : `${space.seats} seats`} · {space.members} members
      </p>
      {plans.isPending ? (
        <PageLoader />
      ) : plans.isError ? (
        <p role="alert">The plans could not be loaded: {plans.error.message}</p>
      ) : (
        <PlanGrantForm
          plans={plans.data.plans.filter((p) => p.scope === space.space)}
          held={space.plan ? [space.plan.id] : []}
          withSeats
          initialSeats={space.seats}
          grant={(g) => grant.mutateAsync(g).then(onClose)}
        />
      )}
    </Dialog>
  );
}

/**
 * Picks the new owner among the space's members. The admin API has no member list of a space, so the
 * accounts search is read (up to 100 a search) and its members of this space are offered.
 */
function TransferOwnerDialog({ space, onClose }: { space: AdminSpace; onClose: () => void }) {
  const { api, config } = useServices();
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const name = useId();
  const users = useQuery(
    adminUsersQueryOptions(
      { api, config },
      { q: q || undefined, sort: 'username', order: 'asc', page: 1, per_page: 100 },
    ),
  );
  const transfer = useTransferOwner(space);
  const members = (users.data?.users ?? []).filter(
    (u) => u.id !== space.owner?.id && u.spaces.some((s) => s.id === space.id),
  );
  const pick = members.find((u) => u.id === chosen);

  return (
    <Dialog label={`Change the owner of ${space.name}`} onClose={onClose}>
      <p>Owner now: {space.owner?.username ?? 'nobody'}. The new owner must be a member of the space.</p>
      <SearchField label="Find a member" placeholder="Username, e-mail or name" value={q} onSearch={setQ} />
      {users.isPending ? (
        <PageLoader />
      ) : users.isError ? (
        <p role="alert">The members could not be loaded: {users.error.message}</p>
      ) : members.length === 0 ? (
        <p className="muted">
          {q
            ? `No other member of ${space.name} matches “${q}”.`
            : `No other member of ${space.name} found: search for one by name.`}
        </p>
      ) : (
        <fieldset className="admin-choices">
          <legend>Members of {space.name}</legend>
          {members.map((u) => (
            <label key={u.id} className="checkbox-field">
              <input type="radio" name={name} checked={chosen === u.id} onChange={() => setChosen(u.id)} />
              <span>
                {u.username} · {u.email} ·{' '}
                {u.spaces.find((s) => s.id === space.id)?.role.replace(/^role:(edu|pro)-/, '')}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="modal-actions">
        <Button variant="subtle" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!pick}
          onClick={() =>
            pick
              ? transfer
                  .mutateAsync({ user_id: pick.id, username: pick.username })
                  .then(onClose, () => undefined)
              : undefined
          }
        >
          {pick ? `Make ${pick.username} the owner` : 'Make owner'}
        </Button>
      </div>
    </Dialog>
  );
}

/** Names what goes with the space (read from the server) and asks for its name typed before deleting. */
function DeleteSpaceDialog({ space, onClose }: { space: AdminSpace; onClose: () => void }) {
  const { api, config } = useServices();
  const summary = useQuery(spaceDeletionQueryOptions({ api, config }, space.id));
  const remove = useDeleteSpace(space);
  const [typed, setTyped] = useState('');
  const spaceName = summary.data?.name ?? space.name;
  const matches = typed.trim() === spaceName;

  return (
    <Dialog label={`Delete ${space.name}?`} onClose={onClose}>
      {summary.isPending ? (
        <PageLoader />
      ) : summary.isError ? (
        <div role="alert">
          <p>What the deletion takes could not be read: {summary.error.message}</p>
          <Button variant="subtle" onClick={() => summary.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <p>
            The space <strong>{summary.data.name}</strong> is deleted for good, with everything in it. This
            cannot be undone.
          </p>
          <ul className="admin-plain-list" data-testid="space-deletion-summary">
            <li>{count(summary.data.members, 'member')} lose the space</li>
            <li>{count(summary.data.devices, 'device')}</li>
            <li>{count(summary.data.things, 'thing')}</li>
            <li>{count(summary.data.dashboards, 'dashboard')}</li>
            <li>{count(summary.data.triggers, 'trigger')}</li>
            <li>{count(summary.data.sketches, 'sketch', 'sketches')}</li>
          </ul>
          <FormField label={`Type ${summary.data.name} to confirm`}>
            {(control) => (
              <input
                {...control}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
              />
            )}
          </FormField>
        </>
      )}
      <div className="modal-actions">
        <Button variant="subtle" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={!summary.data || !matches}
          onClick={() => remove.mutateAsync().then(onClose, () => undefined)}
        >
          Delete space
        </Button>
      </div>
    </Dialog>
  );
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

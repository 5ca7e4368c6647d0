import { useQuery } from '@tanstack/react-query';
import { PLAN_REQUEST_MESSAGE_MAX, PLAN_REQUEST_STATUSES, type PlanRequest } from '@tinkercloud/shared';
import { type FormEvent, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Button } from '@/components/Button.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { FormField } from '@/components/FormField.tsx';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { planRequestsQueryOptions, type RequestStatusFilter } from '../api/admin-api.ts';
import { useDecidePlanRequest } from '../api/use-admin-writes.ts';
import { endOfDay, today } from '../model/format.ts';
import { readRequestStatus } from '../model/search.ts';
import { type AdminColumn, AdminTable } from './AdminTable.tsx';
import type { AdminSectionProps } from './section-props.ts';
import { Badge } from './UsersSection.tsx';
import '../admin.css';

export const STATUS_LABELS: Record<RequestStatusFilter, string> = {
  pending: 'Pending',
  granted: 'Granted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  all: 'All',
};

/** Plan requests of the users, pending first: Grant (optional end date, note) or Decline (note). */
export default function RequestsSection({ search, setSearch }: AdminSectionProps) {
  const { api, config } = useServices();
  const status = readRequestStatus(search);
  const requests = useQuery(planRequestsQueryOptions({ api, config }, status));
  const [deciding, setDeciding] = useState<{ request: PlanRequest; decision: 'grant' | 'decline' } | null>(
    null,
  );

  const columns: AdminColumn<PlanRequest>[] = [
    {
      id: 'user',
      header: 'User',
      rowHeader: true,
      cell: (r) => (
        <>
          {r.user.username} <span className="muted admin-break">{r.user.email}</span>
        </>
      ),
    },
    {
      id: 'plan',
      header: 'Plan',
      cell: (r) => (r.seats ? `${r.plan_name} · ${r.seats} seats` : r.plan_name),
    },
    { id: 'space', header: 'For', cell: (r) => r.space?.name ?? 'My Cloud' },
    {
      id: 'message',
      header: 'Message',
      cell: (r) => <span className="admin-message">{r.message || '–'}</span>,
    },
    { id: 'created', header: 'Asked', cell: (r) => formatDateTime(r.created_at) },
    {
      id: 'status',
      header: 'Status',
      cell: (r) =>
        r.status === 'pending' ? (
          <div className="admin-row-actions">
            <Button
              className="button-small"
              aria-label={`Grant ${r.plan_name} to ${r.user.username}`}
              onClick={() => setDeciding({ request: r, decision: 'grant' })}
            >
              Grant
            </Button>
            <Button
              variant="subtle"
              className="button-small"
              aria-label={`Decline the request of ${r.user.username}`}
              onClick={() => setDeciding({ request: r, decision: 'decline' })}
            >
              Decline
            </Button>
          </div>
        ) : (
          <>
            <Badge tone={r.status === 'granted' ? 'primary' : undefined}>{STATUS_LABELS[r.status]}</Badge>
            {r.decided_at && <span className="muted"> {formatDateTime(r.decided_at)}</span>}
            {r.decision_note && <span className="admin-message"> “{r.decision_note}”</span>}
          </>
        ),
    },
  ];

  return (
    <>
      <fieldset className="segmented admin-filter">
        <legend className="visually-hidden">Status</legend>
        {([...PLAN_REQUEST_STATUSES, 'all'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className="segment"
            aria-pressed={s === status}
            onClick={() => setSearch({ ...search, status: s === 'pending' ? undefined : s })}
          >
            {STATUS_LABELS[s]}
          </button>
        ))}
      </fieldset>
      <AsyncState
        query={requests}
        errorTitle="Plan requests could not be loaded"
        empty={{
          title: status === 'pending' ? 'No request waits for a decision' : 'No requests here',
          hint: 'Users ask for a plan from the Plans page (SEE PLANS, Upgrade plan).',
        }}
      >
        {(list) => (
          <AdminTable
            label="Plan requests"
            columns={columns}
            rows={list}
            rowKey={(r) => r.id}
            rowProps={() => ({ 'data-testid': 'admin-request-row' })}
          />
        )}
      </AsyncState>
      {deciding && (
        <DecideDialog
          request={deciding.request}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
        />
      )}
    </>
  );
}

function DecideDialog({
  request,
  decision,
  onClose,
}: {
  request: PlanRequest;
  decision: 'grant' | 'decline';
  onClose: () => void;
}) {
  const decide = useDecidePlanRequest(decision);
  const [note, setNote] = useState('');
  const [endDate, setEndDate] = useState('');
  const target = request.space ? `the space ${request.space.name}` : `${request.user.username}'s My Cloud`;
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (decide.isPending) return;
    try {
      await decide.mutateAsync({
        request,
        note: note.trim(),
        ends_at: decision === 'grant' ? endOfDay(endDate) : undefined,
      });
      onClose();
    } catch {
      // Toasted; the dialog stays.
    }
  };
  return (
    <Dialog
      label={
        decision === 'grant'
          ? `Grant ${request.plan_name} to ${request.user.username}?`
          : `Decline the request of ${request.user.username}?`
      }
      onClose={onClose}
    >
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <p>
          {request.plan_name}
          {request.seats ? ` with ${request.seats} seats` : ''} for {target}.
          {request.message && (
            <>
              {' '}
              They wrote: <q className="admin-message">{request.message}</q>
            </>
          )}
        </p>
        {decision === 'grant' && (
          <FormField label="End date" hint="Optional: without one the plan has no end.">
            {(control) => (
              <input
                {...control}
                type="date"
                min={today()}
                value={endDate}
                onChange={(event) => setEndDate(event.target.value)}
              />
            )}
          </FormField>
        )}
        <FormField label="Note to the user" hint="Optional; they see it beside the decision.">
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={PLAN_REQUEST_MESSAGE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          )}
        </FormField>
        <div className="modal-actions">
          <Button variant="subtle" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={decision === 'grant' ? 'primary' : 'danger'}
            loading={decide.isPending}
          >
            {decision === 'grant' ? `Grant ${request.plan_name}` : 'Decline request'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

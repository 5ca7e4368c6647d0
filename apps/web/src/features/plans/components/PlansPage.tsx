import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import {
  apiQuota,
  formatBytes,
  isUnlimitedDisk,
  PLAN_REQUEST_MESSAGE_MAX,
  type PlanRequest,
} from '@tinkercloud/shared';
import { type FormEvent, useState } from 'react';
import { useAuthState, useServices } from '@/app/services.tsx';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Button } from '@/components/Button.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { FormField } from '@/components/FormField.tsx';
import { Page } from '@/components/Page.tsx';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { ConfirmDialog } from '@/features/lists/components/ConfirmDialog.tsx';
import { recapQueryOptions } from '@/features/spaces/api/recap.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import {
  type CataloguePlan,
  myPlanRequestsQueryOptions,
  planCatalogueQueryOptions,
  useCreatePlanRequest,
  useWithdrawPlanRequest,
} from '../api/plan-requests.ts';
import { type PlanTarget, planOffers, planRank, planTargetFor } from '../model/plan-offer.ts';
import '../plans.css';

const STATUS_TEXT = {
  pending: 'Waiting for the operator',
  granted: 'Granted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
} as const;

/**
 * The plans of this server and, where no store sells them (no STORE_URL), the way to get one: the operator
 * gives plans, so the user asks for one here and follows the answer. SEE PLANS and Upgrade plan lead here
 * (`?plan=` marks the plan the upgrade link suggests).
 */
export default function PlansPage({ suggested }: { suggested?: string | undefined }) {
  const { user } = useAuthState();
  if (user.is_minor) return <Navigate to="/" replace />;
  return <Plans suggested={suggested} />;
}

function Plans({ suggested }: { suggested?: string | undefined }) {
  const { api, config } = useServices();
  const { selected } = useSpaces();
  // The store's plans page (outside-links' billingUrl), read here so this chunk shares nothing with the shell's.
  const store = config.links?.store ? `${config.links.store.replace(/\/+$/, '')}/subscriptions/plans` : null;
  const target = planTargetFor(selected);
  const catalogue = useQuery(planCatalogueQueryOptions(api, config));
  const recap = useQuery(recapQueryOptions(api, config, target.spaceId));
  const requests = useQuery({ ...myPlanRequestsQueryOptions(api, config), enabled: !store });
  const [asking, setAsking] = useState<CataloguePlan | null>(null);

  return (
    <Page title="Plans">
      {store ? (
        <p>
          Plans are bought at the store. <a href={store}>See the plans at the store</a>
        </p>
      ) : (
        <p data-testid="plans-intro">
          The plans of this server are given by its operator. Ask for the plan you need: the operator decides,
          and you find the answer below.
        </p>
      )}
      <p className="muted" data-testid="plans-target">
        {target.kind === 'space'
          ? `For the ${target.scope === 'edu' ? 'school' : 'team'} space ${target.name}, which you administer.`
          : selected.space === 'private'
            ? 'For your My Cloud.'
            : `For your My Cloud: the plan of ${selected.name} is asked for by its admins.`}
      </p>
      <AsyncState query={catalogue} errorTitle="Plans could not be loaded">
        {(all) => {
          // Smallest first, as the server ranks them (the product's own plan sits with the largest).
          const plans = all
            .filter((p) => p.scope === target.scope)
            .sort((a, b) => (planRank(a) === planRank(b) ? 0 : planRank(a) < planRank(b) ? -1 : 1));
          const offers = planOffers(plans, recap.data?.plans ?? []);
          const pending = (plan: CataloguePlan) =>
            requests.data?.find(
              (r) =>
                r.status === 'pending' &&
                r.plan_id === plan.id &&
                (r.space?.id ?? undefined) === (target.kind === 'space' ? target.spaceId : undefined),
            );
          return (
            <ul className="plans-grid">
              {plans.map((plan) => {
                const offer = recap.data ? offers.get(plan.id) : undefined;
                const waiting = pending(plan);
                return (
                  <li
                    key={plan.id}
                    className={`card plan-card${suggested === plan.id && offer === 'ask' ? ' plan-card-suggested' : ''}`}
                    data-testid="plan-card"
                  >
                    <h2>{plan.name}</h2>
                    {offer === 'held' && <p className="plan-held">Your plan</p>}
                    {suggested === plan.id && offer === 'ask' && (
                      <p className="plan-suggested">Suggested upgrade</p>
                    )}
                    <PlanLimits plan={plan} />
                    {!store &&
                      offer === 'ask' &&
                      (waiting ? (
                        <p className="muted">
                          Asked {formatDateTime(waiting.created_at)}: waiting for the operator.
                        </p>
                      ) : (
                        <Button onClick={() => setAsking(plan)} disabled={requests.isPending}>
                          Ask for {plan.name}
                        </Button>
                      ))}
                  </li>
                );
              })}
            </ul>
          );
        }}
      </AsyncState>
      {!store && <MyRequests query={requests} />}
      {asking && <AskDialog plan={asking} target={target} onClose={() => setAsking(null)} />}
    </Page>
  );
}

function PlanLimits({ plan }: { plan: CataloguePlan }) {
  const l = plan.limits;
  const count = (n: number | null | undefined, what: string) =>
    n === null ? `Unlimited ${what}` : `${n} ${what}`;
  const disk = l.create_sketches_disk;
  return (
    <ul className="plan-limits">
      <li>{count(l.cloud_things, 'things')}</li>
      {l.devices !== undefined && <li>{count(l.devices, 'devices')}</li>}
      <li>
        {l.cloud_triggers === null
          ? 'Unlimited triggers'
          : l.cloud_triggers > 0
            ? `${l.cloud_triggers} triggers`
            : 'No triggers'}
      </li>
      <li>
        {disk === null || isUnlimitedDisk(disk)
          ? 'Unlimited sketch storage'
          : `${formatBytes(disk)} of sketches`}
      </li>
      <li>{count(l.create_compilation_day, 'compilations a day')}</li>
      <li>{apiQuota(l.cloud_api) > 0 ? `${apiQuota(l.cloud_api)} API keys` : 'No API keys'}</li>
      <li>Over-the-air updates: {l.ota ? 'yes' : 'no'}</li>
      {l.retention_days !== undefined && <li>Values kept {l.retention_days} days</li>}
    </ul>
  );
}

function MyRequests({ query }: { query: UseQueryResult<PlanRequest[]> }) {
  const [withdrawing, setWithdrawing] = useState<PlanRequest | null>(null);
  const withdraw = useWithdrawPlanRequest();
  return (
    <section className="plan-requests" aria-labelledby="my-plan-requests">
      <h2 id="my-plan-requests">Your requests</h2>
      <AsyncState
        query={query}
        errorTitle="Your requests could not be loaded"
        empty={{ title: 'No requests yet', hint: 'Ask for a plan above; its answer shows here.' }}
      >
        {(list) => (
          <ul className="plan-request-list">
            {list.map((r) => (
              <li key={r.id} className="plan-request" data-testid="plan-request">
                <p>
                  <strong>{r.plan_name}</strong>
                  {r.seats ? ` · ${r.seats} seats` : ''} for {r.space?.name ?? 'My Cloud'} · asked{' '}
                  {formatDateTime(r.created_at)}
                </p>
                <p>
                  <span className={`plan-request-status plan-request-${r.status}`}>
                    {STATUS_TEXT[r.status]}
                  </span>
                  {r.decided_at && ` · ${formatDateTime(r.decided_at)}`}
                  {r.decision_note && <span className="plan-request-note"> · “{r.decision_note}”</span>}
                </p>
                {r.message && <p className="muted plan-request-note">You wrote: {r.message}</p>}
                {r.status === 'pending' && (
                  <Button variant="subtle" className="button-small" onClick={() => setWithdrawing(r)}>
                    Withdraw
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </AsyncState>
      {withdrawing && (
        <ConfirmDialog
          label={`Withdraw your request for ${withdrawing.plan_name}?`}
          confirmLabel="Withdraw request"
          confirm={() => withdraw.mutateAsync(withdrawing)}
          onClose={() => setWithdrawing(null)}
        >
          <p>The operator no longer sees it. You can ask again later.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function AskDialog({
  plan,
  target,
  onClose,
}: {
  plan: CataloguePlan;
  target: PlanTarget;
  onClose: () => void;
}) {
  const create = useCreatePlanRequest();
  const [message, setMessage] = useState('');
  const [seats, setSeats] = useState('');
  const [seatsError, setSeatsError] = useState<string | null>(null);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (create.isPending) return;
    const trimmed = seats.trim();
    if (trimmed !== '' && !(/^\d+$/.test(trimmed) && Number(trimmed) >= 1 && Number(trimmed) <= 100_000)) {
      setSeatsError('Enter a whole number of seats from 1 to 100,000, or leave it empty.');
      return;
    }
    setSeatsError(null);
    try {
      await create.mutateAsync({
        plan,
        spaceId: target.kind === 'space' ? target.spaceId : undefined,
        seats: target.kind === 'space' && trimmed !== '' ? Number(trimmed) : undefined,
        message: message.trim(),
      });
      onClose();
    } catch {
      // Toasted; the dialog keeps the message.
    }
  };
  return (
    <Dialog label={`Ask for ${plan.name}`} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <p>
          For {target.kind === 'space' ? `the space ${target.name}` : 'your My Cloud'}. The operator of this
          server sees your request and decides.
        </p>
        {target.kind === 'space' && (
          <FormField label="Seats" hint="Optional: how many members the space needs." error={seatsError}>
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                value={seats}
                onChange={(event) => setSeats(event.target.value)}
              />
            )}
          </FormField>
        )}
        <FormField label="Message to the operator" hint="Optional: what you need the plan for.">
          {(control) => (
            <textarea
              {...control}
              rows={4}
              maxLength={PLAN_REQUEST_MESSAGE_MAX}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          )}
        </FormField>
        <div className="modal-actions">
          <Button variant="subtle" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Send request
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

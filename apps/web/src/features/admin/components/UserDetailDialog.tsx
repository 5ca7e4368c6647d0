import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@tinkercloud/shared';
import { type ReactNode, useState } from 'react';
import { useAuthState, useServices } from '@/app/services.tsx';
import { Button } from '@/components/Button.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { ConfirmDialog } from '@/features/lists/components/ConfirmDialog.tsx';
import { ApiError } from '@/lib/api.ts';
import { adminPlansQueryOptions, adminUserQueryOptions } from '../api/admin-api.ts';
import {
  useDeleteUser,
  useEndUserPlan,
  useGrantUserPlan,
  useMarkEmailVerified,
  useSendPasswordReset,
  useSetOperator,
  useSetUserDisabled,
} from '../api/use-admin-writes.ts';
import { planWithEnd, SPACE_TYPE_LABELS } from '../model/format.ts';
import { PlanGrantForm } from './PlanGrantForm.tsx';

type Confirm =
  | { kind: 'end-plan'; plan: { id: string; name: string } }
  | { kind: 'disable' }
  | { kind: 'delete' }
  | { kind: 'operator'; operator: boolean };

/**
 * One account and what an operator may do to it. Each action is a mutation hook (success toast, the API's
 * reason on failure); the destructive ones ask first, in a confirmation shown in place of the detail, so
 * Escape or Cancel there comes back to the detail with nothing done.
 */
export function UserDetailDialog({
  id,
  initial,
  onClose,
}: {
  id: string;
  initial?: AdminUser | undefined;
  onClose: () => void;
}) {
  const { api, config } = useServices();
  const user = useQuery({ ...adminUserQueryOptions({ api, config }, id), placeholderData: initial });
  if (user.data) return <UserDetail user={user.data} onClose={onClose} />;
  const gone = user.error instanceof ApiError && user.error.status === 404;
  return (
    <Dialog label="Account" onClose={onClose}>
      {user.isPending ? (
        <PageLoader />
      ) : (
        <div role="alert">
          <p>
            {gone
              ? 'This account does not exist (any more).'
              : `The account could not be loaded: ${user.error?.message}`}
          </p>
          {!gone && (
            <Button variant="subtle" onClick={() => user.refetch()}>
              Try again
            </Button>
          )}
        </div>
      )}
    </Dialog>
  );
}

function UserDetail({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { api, config } = useServices();
  const { user: me } = useAuthState();
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const plans = useQuery(adminPlansQueryOptions({ api, config }));
  const grant = useGrantUserPlan(user);
  const endPlan = useEndUserPlan(user);
  const setDisabled = useSetUserDisabled(user);
  const verify = useMarkEmailVerified(user);
  const reset = useSendPasswordReset(user);
  const setOperator = useSetOperator(user);
  const remove = useDeleteUser(user);
  const self = me.id === user.id;

  if (confirm) {
    const back = () => setConfirm(null);
    switch (confirm.kind) {
      case 'end-plan':
        return (
          <ConfirmDialog
            label={`End ${confirm.plan.name} for ${user.username}?`}
            confirmLabel="End plan"
            confirm={() => endPlan.mutateAsync(confirm.plan)}
            onClose={back}
          >
            <p>The plan ends now: the account falls back to its other plans, or the free tier.</p>
          </ConfirmDialog>
        );
      case 'disable':
        return (
          <ConfirmDialog
            label={`Disable ${user.username}?`}
            confirmLabel="Disable account"
            confirm={() => setDisabled.mutateAsync(true)}
            onClose={back}
          >
            <p>
              {user.username} ({user.email}) can no longer sign in, and every session and key of the account
              stops working. Nothing is deleted: Enable gives the account back.
            </p>
          </ConfirmDialog>
        );
      case 'delete':
        return (
          <ConfirmDialog
            label={`Delete the account ${user.username}?`}
            confirmLabel="Delete account"
            confirm={() => remove.mutateAsync().then(onClose)}
            onClose={back}
          >
            <p>
              The account <strong>{user.username}</strong> ({user.email}) is deleted for good, with its My
              Cloud and the spaces it is alone in; what it made in other spaces passes to an admin there. This
              cannot be undone.
            </p>
          </ConfirmDialog>
        );
      case 'operator':
        return (
          <ConfirmDialog
            label={
              confirm.operator ? `Make ${user.username} an operator?` : `Remove ${user.username} as operator?`
            }
            confirmLabel={confirm.operator ? 'Make operator' : 'Remove operator'}
            confirm={() => setOperator.mutateAsync(confirm.operator)}
            onClose={back}
          >
            <p>
              {confirm.operator
                ? `${user.username} gets this console: every account, space, plan and the audit log of the server.`
                : self
                  ? 'You lose this console as soon as you confirm.'
                  : `${user.username} loses this console.`}
            </p>
          </ConfirmDialog>
        );
    }
  }

  const userPlans = plans.data?.plans.filter((p) => p.scope === 'user') ?? [];
  return (
    <Dialog label={`Account ${user.username}`} onClose={onClose} className="admin-detail">
      <dl className="facts admin-facts">
        <Fact term="E-mail">
          {user.email} {user.email_verified ? '(verified)' : '(not verified)'}
        </Fact>
        <Fact term="Name">{user.name || '–'}</Fact>
        <Fact term="Created">{formatDateTime(user.created_at)}</Fact>
        <Fact term="Last sign-in">
          {user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : 'Never'}
        </Fact>
        <Fact term="Age">{user.is_minor ? 'Minor' : 'Adult'}</Fact>
        <Fact term="Operator">{user.is_operator ? 'Yes' : 'No'}</Fact>
        <Fact term="Status">
          {user.disabled_at ? `Disabled since ${formatDateTime(user.disabled_at)}` : 'Active'}
          {user.is_demo ? ' · the demo account' : ''}
        </Fact>
      </dl>

      <section className="admin-detail-section" aria-labelledby="admin-user-plans">
        <h3 id="admin-user-plans">Plans</h3>
        {user.plans.length === 0 ? (
          <p className="muted">No plan: the free tier.</p>
        ) : (
          <ul className="admin-plain-list">
            {user.plans.map((plan) => (
              <li key={plan.id}>
                <span>{planWithEnd(plan)}</span>
                <Button
                  variant="subtle"
                  className="button-small"
                  onClick={() => setConfirm({ kind: 'end-plan', plan })}
                >
                  End {plan.name}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {plans.isPending ? (
          <PageLoader />
        ) : plans.isError ? (
          <p role="alert">The plans could not be loaded: {plans.error.message}</p>
        ) : (
          <PlanGrantForm
            plans={userPlans}
            held={user.plans.map((p) => p.id)}
            grant={(g) => grant.mutateAsync(g)}
          />
        )}
      </section>

      <section className="admin-detail-section" aria-labelledby="admin-user-spaces">
        <h3 id="admin-user-spaces">Spaces</h3>
        {user.spaces.length === 0 ? (
          <p className="muted">In no school or team space.</p>
        ) : (
          <ul className="admin-plain-list">
            {user.spaces.map((s) => (
              <li key={s.id}>
                {s.name} · {SPACE_TYPE_LABELS[s.space]} · {s.role.replace(/^role:(edu|pro)-/, '')}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-detail-section" aria-labelledby="admin-user-account">
        <h3 id="admin-user-account">Account</h3>
        <div className="admin-actions">
          <Button variant="subtle" onClick={() => reset.mutateAsync().catch(() => undefined)}>
            Send password-reset link
          </Button>
          {!user.email_verified && (
            <Button variant="subtle" onClick={() => verify.mutateAsync().catch(() => undefined)}>
              Mark e-mail verified
            </Button>
          )}
          {user.is_operator ? (
            <Button variant="subtle" onClick={() => setConfirm({ kind: 'operator', operator: false })}>
              Remove operator
            </Button>
          ) : (
            !user.is_minor && (
              <Button variant="subtle" onClick={() => setConfirm({ kind: 'operator', operator: true })}>
                Make operator
              </Button>
            )
          )}
          {!self &&
            (user.disabled_at ? (
              <Button variant="subtle" onClick={() => setDisabled.mutateAsync(false).catch(() => undefined)}>
                Enable account
              </Button>
            ) : (
              <Button variant="danger" onClick={() => setConfirm({ kind: 'disable' })}>
                Disable account
              </Button>
            ))}
          {!self && (
            <Button variant="danger" onClick={() => setConfirm({ kind: 'delete' })}>
              Delete account
            </Button>
          )}
        </div>
        {self && (
          <p className="muted">This is your account: disable or delete it from another operator's console.</p>
        )}
      </section>
    </Dialog>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

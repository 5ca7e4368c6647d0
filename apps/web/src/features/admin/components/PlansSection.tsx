import { useQuery } from '@tanstack/react-query';
import type { AdminPlan, AdminPlans, OperatorPlanLimits, PlanDefaults } from '@tinkercloud/shared';
import { type FormEvent, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Button } from '@/components/Button.tsx';
import { FormField } from '@/components/FormField.tsx';
import { ConfirmDialog } from '@/features/lists/components/ConfirmDialog.tsx';
import { useDraft } from '@/lib/use-draft.ts';
import { adminPlansQueryOptions } from '../api/admin-api.ts';
import { useResetPlan, useSavePlanDefaults, useSavePlanLimits } from '../api/use-admin-writes.ts';
import { SPACE_TYPE_LABELS } from '../model/format.ts';
import {
  type DraftErrors,
  fromDraft,
  LIMIT_FIELDS,
  limitText,
  type PlanDraft,
  sameLimits,
  toDraft,
} from '../model/plan-limits.ts';
import '../admin.css';

const SCOPE_LABELS = {
  user: 'For accounts (My Cloud)',
  edu: 'For school spaces',
  pro: 'For team spaces',
} as const;

/** Each plan's numbers as a form, Reset to built-in, and the plans new accounts and spaces start on. */
export default function PlansSection() {
  const { api, config } = useServices();
  const plans = useQuery(adminPlansQueryOptions({ api, config }));
  return (
    <AsyncState query={plans} errorTitle="Plans could not be loaded">
      {(data) => (
        <>
          <DefaultsForm data={data} />
          <section className="admin-detail-section" aria-labelledby="admin-free-tier">
            <h2 id="admin-free-tier">Free tier</h2>
            <p className="muted">What an account or space without a plan may use (set by the server).</p>
            <LimitsSummary limits={data.free} />
          </section>
          <div className="admin-plan-grid">
            {data.plans.map((plan) => (
              <PlanForm key={plan.id} plan={plan} />
            ))}
          </div>
        </>
      )}
    </AsyncState>
  );
}

function LimitsSummary({ limits }: { limits: OperatorPlanLimits }) {
  return (
    <dl className="facts admin-facts">
      {LIMIT_FIELDS.map((field) => (
        <div key={field.key} className="admin-fact">
          <dt>{field.label}</dt>
          <dd>{limitText(field.key, limits[field.key])}</dd>
        </div>
      ))}
      <div className="admin-fact">
        <dt>Over-the-air updates</dt>
        <dd>{limits.ota ? 'Yes' : 'No'}</dd>
      </div>
      <div className="admin-fact">
        <dt>Values kept</dt>
        <dd>{limits.retention_days} days</dd>
      </div>
    </dl>
  );
}

const sameDraft = (a: PlanDraft, b: PlanDraft) => JSON.stringify(a) === JSON.stringify(b);

function PlanForm({ plan }: { plan: AdminPlan }) {
  const stored = toDraft(plan.limits);
  const draft = useDraft(stored, sameDraft);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [confirmReset, setConfirmReset] = useState(false);
  const save = useSavePlanLimits(plan.id);
  const reset = useResetPlan(plan.id);
  const headingId = `admin-plan-${plan.id}`;

  const set = (change: (d: PlanDraft) => PlanDraft) => draft.set(change(draft.value));
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (save.isPending) return;
    const result = fromDraft(draft.value);
    setErrors(result.errors ?? {});
    if (!result.limits) return;
    try {
      const saved = await save.mutateAsync(result.limits);
      draft.accept(toDraft(saved.limits));
    } catch {
      // Toasted; the draft stays for another try.
    }
  };

  return (
    <section className="card admin-plan" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {plan.name} <span className="muted admin-plan-id">{plan.id}</span>
      </h2>
      <p className="muted">
        {SCOPE_LABELS[plan.scope]} · {plan.customized ? 'changed on this server' : 'built-in numbers'}
      </p>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        {LIMIT_FIELDS.map((field) => {
          const value = draft.value.limits[field.key];
          return (
            <div key={field.key} className="admin-limit">
              <FormField
                label={field.unit ? `${field.label} (${field.unit})` : field.label}
                error={errors[field.key] ?? null}
              >
                {(control) => (
                  <input
                    {...control}
                    inputMode={field.unit ? 'decimal' : 'numeric'}
                    value={value.unlimited ? '' : value.text}
                    disabled={value.unlimited}
                    onChange={(event) =>
                      set((d) => ({
                        ...d,
                        limits: { ...d.limits, [field.key]: { text: event.target.value, unlimited: false } },
                      }))
                    }
                  />
                )}
              </FormField>
              <label className="checkbox-field">
                <input
                  type="checkbox"
                  checked={value.unlimited}
                  onChange={(event) =>
                    set((d) => ({
                      ...d,
                      limits: {
                        ...d.limits,
                        [field.key]: { text: d.limits[field.key].text, unlimited: event.target.checked },
                      },
                    }))
                  }
                />
                <span>
                  {'No limit '}
                  <span className="visually-hidden">of {field.what}</span>
                </span>
              </label>
            </div>
          );
        })}
        <label className="checkbox-field admin-switch">
          <input
            type="checkbox"
            role="switch"
            aria-checked={draft.value.ota}
            checked={draft.value.ota}
            onChange={(event) => set((d) => ({ ...d, ota: event.target.checked }))}
          />
          <span>Over-the-air updates</span>
        </label>
        <FormField label="Values kept (days)" error={errors.retention_days ?? null}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              value={draft.value.retentionDays}
              onChange={(event) => set((d) => ({ ...d, retentionDays: event.target.value }))}
            />
          )}
        </FormField>
        {draft.changedMeanwhile && (
          <p className="notice notice-warning" role="status">
            Someone saved this plan while you edited it: saving replaces their numbers.
          </p>
        )}
        <div className="modal-actions">
          {plan.customized && !sameLimits(plan.limits, plan.builtin) && (
            <Button variant="subtle" onClick={() => setConfirmReset(true)}>
              Reset to built-in
            </Button>
          )}
          <Button type="submit" loading={save.isPending} disabled={!draft.dirty}>
            Save {plan.name}
          </Button>
        </div>
      </form>
      {confirmReset && (
        <ConfirmDialog
          label={`Reset ${plan.name} to its built-in numbers?`}
          confirmLabel="Reset plan"
          confirm={() =>
            reset.mutateAsync().then((saved) => {
              draft.accept(toDraft(saved.limits));
            })
          }
          onClose={() => setConfirmReset(false)}
        >
          <p>This server's numbers for {plan.name} are replaced by the ones it ships with:</p>
          <LimitsSummary limits={plan.builtin} />
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The plan a new account, a new school space and a new team space start on. */
function DefaultsForm({ data }: { data: AdminPlans }) {
  const draft = useDraft<PlanDefaults>(
    data.defaults,
    (a, b) => a.user === b.user && a.edu === b.edu && a.pro === b.pro,
  );
  const save = useSavePlanDefaults();
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (save.isPending) return;
    try {
      draft.accept(await save.mutateAsync(draft.value));
    } catch {
      // Toasted.
    }
  };
  const scopes = [
    { key: 'user', label: 'New accounts' },
    { key: 'edu', label: `New ${SPACE_TYPE_LABELS.edu.toLowerCase()} spaces` },
    { key: 'pro', label: `New ${SPACE_TYPE_LABELS.pro.toLowerCase()} spaces` },
  ] as const;
  return (
    <section className="admin-detail-section" aria-labelledby="admin-defaults">
      <h2 id="admin-defaults">Default plans</h2>
      <form className="form admin-defaults" onSubmit={(event) => void submit(event)} noValidate>
        {scopes.map(({ key, label }) => (
          <FormField key={key} label={label}>
            {(control) => (
              <select
                {...control}
                value={draft.value[key] ?? ''}
                onChange={(event) => draft.set({ ...draft.value, [key]: event.target.value || null })}
              >
                <option value="">No plan (free tier)</option>
                {data.plans
                  .filter((plan) => plan.scope === key)
                  .map((plan) => (
                    <option key={plan.id} value={plan.id}>
                      {plan.name}
                    </option>
                  ))}
              </select>
            )}
          </FormField>
        ))}
        <Button type="submit" loading={save.isPending} disabled={!draft.dirty}>
          Save default plans
        </Button>
      </form>
    </section>
  );
}

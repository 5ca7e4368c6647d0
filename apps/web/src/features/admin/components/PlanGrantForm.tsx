import type { AdminPlan } from '@tinkercloud/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { FormField } from '@/components/FormField.tsx';
import { endOfDay, today } from '../model/format.ts';

export interface PlanGrant {
  plan_id: string;
  planName: string;
  ends_at?: string | undefined;
  seats?: number | undefined;
}

/**
 * Picks a plan (of the scope that fits: a user's, a school's or a team's), an optional end date (no date: no
 * end) and, for spaces, the seats; `grant` does the write (its hook toasts) and the form clears after it.
 */
export function PlanGrantForm({
  plans,
  held = [],
  withSeats = false,
  initialSeats,
  grant,
}: {
  plans: readonly AdminPlan[];
  /** Plans the target has: the select starts on the first one it has not. */
  held?: readonly string[];
  withSeats?: boolean;
  initialSeats?: number | null;
  grant: (grant: PlanGrant) => Promise<unknown>;
}) {
  const [planId, setPlanId] = useState((plans.find((p) => !held.includes(p.id)) ?? plans[0])?.id ?? '');
  const [endDate, setEndDate] = useState('');
  const [seats, setSeats] = useState(initialSeats ? String(initialSeats) : '');
  const [seatsError, setSeatsError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const plan = plans.find((p) => p.id === planId);

  if (plans.length === 0) return <p className="muted">No plan of this server fits here.</p>;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!plan || busy) return;
    const trimmed = seats.trim();
    if (
      withSeats &&
      trimmed !== '' &&
      !(/^\d+$/.test(trimmed) && Number(trimmed) >= 1 && Number(trimmed) <= 100_000)
    ) {
      setSeatsError('Enter a whole number of seats from 1 to 100,000, or leave it empty.');
      return;
    }
    setSeatsError(null);
    setBusy(true);
    try {
      await grant({
        plan_id: plan.id,
        planName: plan.name,
        ends_at: endOfDay(endDate),
        seats: withSeats && trimmed !== '' ? Number(trimmed) : undefined,
      });
      setEndDate('');
    } catch {
      // Toasted by the mutation; the form keeps its values for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form admin-grant" onSubmit={(event) => void submit(event)} noValidate>
      <FormField label="Plan">
        {(control) => (
          <select {...control} value={planId} onChange={(event) => setPlanId(event.target.value)}>
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
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
      {withSeats && (
        <FormField
          label="Seats"
          hint="Members the space may have; empty: the plan's rule."
          error={seatsError}
        >
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
      <Button type="submit" loading={busy}>
        Grant {plan?.name ?? 'plan'}
      </Button>
    </form>
  );
}

import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { Trigger } from '@/features/iot/api/schemas.ts';
import { useIotContext } from '@/features/things/api/use-iot-context.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { setTriggerActive } from '../api/trigger-writes.ts';
import { TriggerStateBadge } from './TriggerStateBadge.tsx';

/** Turns a trigger on or off at once (shown before the server answers, put back if it refuses). */
export function TriggerActiveSwitch({ trigger }: { trigger: Trigger }) {
  const ctx = useIotContext();
  // The API creates triggers active unless told otherwise.
  const active = trigger.active !== false;
  const toggle = useApiMutation<Trigger, boolean, Trigger[]>({
    mutationFn: (next) => setTriggerActive(ctx, trigger.id, next),
    optimistic: {
      queryKey: iotKeys.triggers(ctx.space),
      update: (list, next) => list?.map((t) => (t.id === trigger.id ? { ...t, active: next } : t)),
    },
    successMessage: (_, next) => `${trigger.name} ${next ? 'activated' : 'deactivated'}`,
  });
  return (
    <span className="trigger-state-cell">
      <button
        type="button"
        role="switch"
        aria-checked={active}
        aria-label={`${trigger.name} active`}
        className="value-switch"
        disabled={toggle.isPending}
        onClick={() => toggle.mutate(!active)}
      >
        <span className="value-switch-knob" aria-hidden="true" />
      </button>
      <TriggerStateBadge active={active} />
    </span>
  );
}

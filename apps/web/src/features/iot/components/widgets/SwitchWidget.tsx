import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { notePublishedValue } from '@/features/things/api/published-value.ts';
import { publishValue } from '@/features/things/api/things.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import { NoVariable } from './NoVariable.tsx';
import type { WidgetProps } from './widget-props.ts';

/**
 * A toggle for the linked boolean: clicking it publishes the opposite value, as the variables table does.
 * Read-only variables and users who may not write see the state without being able to change it.
 */
export function SwitchWidget({ widget, variables, currentOf, space, canWrite }: WidgetProps) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const variable = variables[0];
  if (!variable) return <NoVariable />;
  const on = currentOf(variable).value === true;
  const label = widget.name || variable.name;
  const writable = canWrite && variable.permission !== 'READ_ONLY';

  const toggle = async () => {
    setBusy(true);
    try {
      await publishValue(api, config, space, variable, !on);
      notePublishedValue(queryClient, space, variable, !on);
    } catch (err) {
      toast.error(networkErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      role="switch"
      className="widget-switch"
      aria-checked={on}
      aria-label={label}
      aria-busy={busy}
      disabled={!writable || busy}
      title={writable ? undefined : 'Read only'}
      onClick={() => void toggle()}
    >
      <span className="widget-switch-track" aria-hidden="true">
        <span className="widget-switch-thumb" />
      </span>
      <span>{on ? 'On' : 'Off'}</span>
    </button>
  );
}

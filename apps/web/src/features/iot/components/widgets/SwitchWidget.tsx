import { NoVariable } from './NoVariable.tsx';
import { usePublish } from './use-publish.ts';
import { WriteStatus } from './WriteStatus.tsx';
import type { WidgetProps } from './widget-props.ts';

/**
 * A toggle for the linked boolean: clicking it publishes the opposite value, as the variables table does; it
 * shows the new state at once and goes back if the write fails. Read-only variables and users who may not
 * write see the state without being able to change it.
 */
export function SwitchWidget({ widget, variables, currentOf, space, canWrite }: WidgetProps) {
  const variable = variables[0];
  const current = variable ? currentOf(variable) : undefined;
  const { pending, busy, publish, state } = usePublish(space, variable, current);
  if (!variable || !current) return <NoVariable />;
  const on = (pending ? pending.value : current.value) === true;
  const label = widget.name || variable.name;
  const writable = canWrite && variable.permission !== 'READ_ONLY';

  return (
    <>
      <button
        type="button"
        role="switch"
        className="widget-switch"
        aria-checked={on}
        aria-label={label}
        aria-busy={busy}
        disabled={!writable || busy}
        title={writable ? undefined : 'Read only'}
        onClick={() => void publish(!on)}
      >
        <span className="widget-switch-track" aria-hidden="true">
          <span className="widget-switch-thumb" />
        </span>
        <span>{on ? 'On' : 'Off'}</span>
      </button>
      <WriteStatus state={state} />
    </>
  );
}

import { isDisplayOnly, rangeOf } from '@/features/dashboards/model/widget-kinds.ts';
import { formatValue } from '@/features/iot/model/value-kind.ts';
import { stepOf, stepValue } from '@/features/iot/model/widgets/stepper.ts';
import { NoVariable } from './NoVariable.tsx';
import { usePublish } from './use-publish.ts';
import { WriteStatus } from './WriteStatus.tsx';
import type { WidgetProps } from './widget-props.ts';

/** Minus and plus buttons around the value: each press publishes the value one step away, kept in the range. */
export function StepperWidget({ widget, variables, currentOf, space, canWrite }: WidgetProps) {
  const variable = variables[0];
  const current = variable ? currentOf(variable) : undefined;
  const { pending, busy, publish, state } = usePublish(space, variable, current);
  if (!variable || !current) return <NoVariable />;
  const range = rangeOf(widget.options);
  const step = stepOf(widget.options);
  const shown = pending ? pending.value : current.value;
  const readOnly = isDisplayOnly(variable, canWrite);
  const label = widget.name || variable.name;
  const press = (direction: 1 | -1) => void publish(stepValue(shown, direction, step, range));
  const at = typeof shown === 'number' ? shown : null;
  return (
    <>
      <div className="widget-stepper">
        <button
          type="button"
          className="button button-subtle"
          aria-label={`${label}: decrease by ${step}`}
          disabled={readOnly || busy || (at !== null && at <= range.min)}
          onClick={() => press(-1)}
        >
          −
        </button>
        <output className="widget-value" data-testid="widget-value" aria-live="polite">
          {formatValue(shown)}
        </output>
        <button
          type="button"
          className="button button-subtle"
          aria-label={`${label}: increase by ${step}`}
          disabled={readOnly || busy || (at !== null && at >= range.max)}
          onClick={() => press(1)}
        >
          +
        </button>
      </div>
      {readOnly && <p className="muted">Read only</p>}
      <WriteStatus state={state} />
    </>
  );
}

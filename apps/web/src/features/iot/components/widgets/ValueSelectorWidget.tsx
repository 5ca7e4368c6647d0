import { isDisplayOnly } from '@/features/dashboards/model/widget-kinds.ts';
import { choicesOf, selectedChoice } from '@/features/iot/model/widgets/choices.ts';
import { NoVariable } from './NoVariable.tsx';
import { usePublish } from './use-publish.ts';
import { WriteStatus } from './WriteStatus.tsx';
import type { WidgetProps } from './widget-props.ts';

/** The maker's presets as a row of toggle buttons; the one holding the current value is pressed. */
export function ValueSelectorWidget({ widget, variables, currentOf, space, canWrite }: WidgetProps) {
  const variable = variables[0];
  const current = variable ? currentOf(variable) : undefined;
  const { pending, busy, publish, state } = usePublish(space, variable, current);
  if (!variable || !current) return <NoVariable />;
  const choices = choicesOf(widget.options);
  if (choices.length === 0) return <p className="muted">No choices set</p>;
  const selected = selectedChoice(choices, pending ? pending.value : current.value);
  const readOnly = isDisplayOnly(variable, canWrite);
  return (
    <>
      <fieldset className="widget-selector">
        <legend className="visually-hidden">{widget.name || variable.name}</legend>
        {choices.map((choice, i) => (
          <button
            key={`${choice.label}-${String(choice.value)}`}
            type="button"
            className={`button ${i === selected ? '' : 'button-subtle'}`.trim()}
            aria-pressed={i === selected}
            disabled={readOnly || busy}
            onClick={() => void publish(choice.value)}
          >
            {choice.label}
          </button>
        ))}
      </fieldset>
      {readOnly && <p className="muted">Read only</p>}
      <WriteStatus state={state} />
    </>
  );
}

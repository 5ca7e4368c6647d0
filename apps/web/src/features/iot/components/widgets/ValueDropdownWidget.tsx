import { isDisplayOnly } from '@/features/dashboards/model/widget-kinds.ts';
import { formatValue } from '@/features/iot/model/value-kind.ts';
import { choicesOf, selectedChoice } from '@/features/iot/model/widgets/choices.ts';
import { NoVariable } from './NoVariable.tsx';
import { usePublish } from './use-publish.ts';
import { WriteStatus } from './WriteStatus.tsx';
import type { WidgetProps } from './widget-props.ts';

/** The maker's presets in a drop-down list; picking one publishes its value. */
export function ValueDropdownWidget({ widget, variables, currentOf, space, canWrite }: WidgetProps) {
  const variable = variables[0];
  const current = variable ? currentOf(variable) : undefined;
  const { pending, busy, publish, state } = usePublish(space, variable, current);
  if (!variable || !current) return <NoVariable />;
  const choices = choicesOf(widget.options);
  if (choices.length === 0) return <p className="muted">No choices set</p>;
  const value = pending ? pending.value : current.value;
  const selected = selectedChoice(choices, value);
  const readOnly = isDisplayOnly(variable, canWrite);
  return (
    <>
      <select
        className="widget-dropdown"
        aria-label={widget.name || variable.name}
        value={selected < 0 ? '' : String(selected)}
        disabled={readOnly || busy}
        onChange={(event) => {
          const choice = choices[Number(event.target.value)];
          if (choice) void publish(choice.value);
        }}
      >
        {selected < 0 && <option value="">{formatValue(value)}</option>}
        {choices.map((choice, i) => (
          <option key={`${choice.label}-${String(choice.value)}`} value={String(i)}>
            {choice.label}
          </option>
        ))}
      </select>
      {readOnly && <p className="muted">Read only</p>}
      <WriteStatus state={state} />
    </>
  );
}

import { formatValue } from '@/features/iot/model/value-kind.ts';
import type { WidgetProps } from './widget-props.ts';

/** A widget type this page cannot draw yet: its type and the current values of its variables. */
export function OtherWidget({ widget, variables, currentOf }: WidgetProps) {
  return (
    <>
      <p className="muted">{widget.type} widget</p>
      {variables.length > 0 && (
        <dl className="facts">
          {variables.map((variable) => (
            <div key={variable.id} className="widget-fact">
              <dt>{variable.name}</dt>
              <dd className="variable-value">{formatValue(currentOf(variable).value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}

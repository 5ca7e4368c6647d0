import { formatValue } from '@/features/iot/model/value-kind.ts';
import { NoVariable } from './NoVariable.tsx';
import type { WidgetProps } from './widget-props.ts';

/** The current value of each linked variable, large, with its name. */
export function ValueWidget({ variables, currentOf }: WidgetProps) {
  if (variables.length === 0) return <NoVariable />;
  return (
    <dl className="widget-values">
      {variables.map((variable) => (
        <div key={variable.id}>
          <dt>{variable.name}</dt>
          <dd className="widget-value" data-testid="widget-value">
            {formatValue(currentOf(variable).value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

import { fractionOf, rangeOf } from '@/features/dashboards/model/widget-kinds.ts';
import { NoVariable } from './NoVariable.tsx';
import type { WidgetProps } from './widget-props.ts';

/** How far the linked number is between the widget's min and max, as a whole percentage and a bar. */
export function PercentageWidget({ widget, variables, currentOf }: WidgetProps) {
  const variable = variables[0];
  if (!variable) return <NoVariable />;
  const value = currentOf(variable).value;
  const percent = Math.round(fractionOf(value, rangeOf(widget.options)) * 100);
  return (
    <div className="widget-percentage">
      <span className="widget-value" data-testid="widget-value">
        {typeof value === 'number' ? `${percent} %` : '–'}
      </span>
      <progress max={100} value={percent} aria-label={widget.name || variable.name} />
    </div>
  );
}

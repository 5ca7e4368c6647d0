import { fractionOf, rangeOf } from '@/features/dashboards/model/widget-kinds.ts';
import { formatValue } from '@/features/iot/model/value-kind.ts';
import { NoVariable } from './NoVariable.tsx';
import type { WidgetProps } from './widget-props.ts';

/** The gauge's half circle: centre (50, 50), radius 40, from the left end (0) round to the right end (1). */
export function gaugeArcPath(fraction: number): string {
  const angle = Math.PI * (1 - Math.min(1, Math.max(0, fraction)));
  const x = 50 + 40 * Math.cos(angle);
  const y = 50 - 40 * Math.sin(angle);
  return `M 10 50 A 40 40 0 0 1 ${x.toFixed(2)} ${y.toFixed(2)}`;
}

/** The linked number on a half-circle dial between the widget's min and max. */
export function GaugeWidget({ widget, variables, currentOf }: WidgetProps) {
  const variable = variables[0];
  if (!variable) return <NoVariable />;
  const range = rangeOf(widget.options);
  const value = currentOf(variable).value;
  const fraction = fractionOf(value, range);
  return (
    <figure className="widget-gauge">
      <meter
        className="visually-hidden"
        min={range.min}
        max={range.max}
        value={typeof value === 'number' ? value : range.min}
        aria-label={widget.name || variable.name}
      />
      <svg viewBox="0 0 100 56" aria-hidden="true">
        <path d={gaugeArcPath(1)} className="widget-gauge-track" />
        {fraction > 0 && (
          <path d={gaugeArcPath(fraction)} className="widget-gauge-fill" data-testid="gauge-fill" />
        )}
      </svg>
      <figcaption>
        <span className="widget-value" data-testid="widget-value">
          {formatValue(value)}
        </span>
        <span className="widget-gauge-range muted">
          <span>{range.min}</span>
          <span>{range.max}</span>
        </span>
      </figcaption>
    </figure>
  );
}

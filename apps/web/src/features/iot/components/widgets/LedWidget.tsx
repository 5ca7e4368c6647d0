import { NoVariable } from './NoVariable.tsx';
import type { WidgetProps } from './widget-props.ts';

/** A status light: lit while the linked boolean is true. */
export function LedWidget({ widget, variables, currentOf }: WidgetProps) {
  const variable = variables[0];
  if (!variable) return <NoVariable />;
  const on = currentOf(variable).value === true;
  return (
    <p
      className="widget-led"
      data-on={on}
      role="status"
      aria-label={`${widget.name || variable.name}: ${on ? 'on' : 'off'}`}
    >
      <span className="widget-led-light" aria-hidden="true" />
      <span>{on ? 'On' : 'Off'}</span>
    </p>
  );
}

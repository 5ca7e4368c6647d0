import type { ComponentType } from 'react';
import { ChartWidget } from './ChartWidget.tsx';
import { MessengerWidget } from './MessengerWidget.tsx';
import { OtherWidget } from './OtherWidget.tsx';
import { SwitchWidget } from './SwitchWidget.tsx';
import { ValueWidget } from './ValueWidget.tsx';
import type { WidgetProps } from './widget-props.ts';

const BODIES: Record<string, ComponentType<WidgetProps>> = {
  value: ValueWidget,
  chart: ChartWidget,
  switch: SwitchWidget,
  messenger: MessengerWidget,
};

/** One widget in its card; wide layouts (charts) span two columns of the grid. */
export function WidgetCard(props: WidgetProps) {
  const { widget } = props;
  const Body = BODIES[widget.type] ?? OtherWidget;
  const title = widget.name || widget.type;
  return (
    <article
      className={`card widget${widget.width > 4 ? ' widget-wide' : ''}`}
      aria-label={title}
      data-testid="widget"
      data-type={widget.type}
    >
      <h2 className="widget-title">{title}</h2>
      <Body {...props} />
    </article>
  );
}

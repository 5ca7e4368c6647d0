import type { ComponentType } from 'react';
import { ChartWidget } from './ChartWidget.tsx';
import { GaugeWidget } from './GaugeWidget.tsx';
import { LedWidget } from './LedWidget.tsx';
import { MessengerWidget } from './MessengerWidget.tsx';
import { OtherWidget } from './OtherWidget.tsx';
import { PercentageWidget } from './PercentageWidget.tsx';
import { PushButtonWidget } from './PushButtonWidget.tsx';
import { SliderWidget } from './SliderWidget.tsx';
import { StickyNoteWidget } from './StickyNoteWidget.tsx';
import { SwitchWidget } from './SwitchWidget.tsx';
import { ValueWidget } from './ValueWidget.tsx';
import type { WidgetProps } from './widget-props.ts';
import './widgets.css';

const BODIES: Record<string, ComponentType<WidgetProps>> = {
  value: ValueWidget,
  chart: ChartWidget,
  switch: SwitchWidget,
  push_button: PushButtonWidget,
  slider: SliderWidget,
  led: LedWidget,
  gauge: GaugeWidget,
  percentage: PercentageWidget,
  messenger: MessengerWidget,
  sticky_note: StickyNoteWidget,
};

/** The body that draws a widget of this type (types the page does not know show their values as facts). */
export const widgetBodyOf = (type: string): ComponentType<WidgetProps> => BODIES[type] ?? OtherWidget;

/** One widget in its card, placed by its parent (the dashboard's grid or the editor). */
export function WidgetCard(props: WidgetProps & { className?: string; style?: React.CSSProperties }) {
  const { widget, className = '', style, ...rest } = props;
  const Body = widgetBodyOf(widget.type);
  const title = widget.name || widget.type;
  return (
    <article
      className={`card widget ${className}`.trim()}
      style={style}
      aria-label={title}
      data-testid="widget"
      data-type={widget.type}
    >
      <h2 className="widget-title">{title}</h2>
      <Body widget={widget} {...rest} />
    </article>
  );
}

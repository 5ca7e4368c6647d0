import type { ComponentType } from 'react';
import { AdvancedChartWidget } from './AdvancedChartWidget.tsx';
import { ChartWidget } from './ChartWidget.tsx';
import { ColorWidget } from './ColorWidget.tsx';
import { GaugeWidget } from './GaugeWidget.tsx';
import { ImageWidget } from './ImageWidget.tsx';
import { LedWidget } from './LedWidget.tsx';
import { ColoredLightWidget, DimmedLightWidget } from './LightWidget.tsx';
import { AdvancedMapWidget, MapWidget } from './MapWidget.tsx';
import { MessengerWidget } from './MessengerWidget.tsx';
import { OtherWidget } from './OtherWidget.tsx';
import { PercentageWidget } from './PercentageWidget.tsx';
import { PushButtonWidget } from './PushButtonWidget.tsx';
import { SchedulerWidget } from './SchedulerWidget.tsx';
import { SliderWidget } from './SliderWidget.tsx';
import { StepperWidget } from './StepperWidget.tsx';
import { StickyNoteWidget } from './StickyNoteWidget.tsx';
import { SwitchWidget } from './SwitchWidget.tsx';
import { TimePickerWidget } from './TimePickerWidget.tsx';
import { ValueDropdownWidget } from './ValueDropdownWidget.tsx';
import { ValueSelectorWidget } from './ValueSelectorWidget.tsx';
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
  stepper: StepperWidget,
  value_selector: ValueSelectorWidget,
  value_dropdown: ValueDropdownWidget,
  color: ColorWidget,
  dimmed_light: DimmedLightWidget,
  colored_light: ColoredLightWidget,
  map: MapWidget,
  advanced_map: AdvancedMapWidget,
  advanced_chart: AdvancedChartWidget,
  scheduler: SchedulerWidget,
  time_picker: TimePickerWidget,
  image: ImageWidget,
};

/** The body that draws a widget of this type (types the page does not know show their values as facts). */
export const widgetBodyOf = (type: string): ComponentType<WidgetProps> => BODIES[type] ?? OtherWidget;

/** One widget in its card, placed by its parent (the dashboard's grid or the editor). */
export function WidgetCard(
  props: WidgetProps & {
    className?: string;
    style?: React.CSSProperties;
    /** The device of one of the widget's things is offline: its values are the last it sent. */
    offline?: boolean;
  },
) {
  const { widget, className = '', style, offline = false, ...rest } = props;
  const Body = widgetBodyOf(widget.type);
  const title = widget.name || widget.type;
  return (
    <article
      className={`card widget ${className}`.trim()}
      style={style}
      aria-label={title}
      data-testid="widget"
      data-type={widget.type}
      data-offline={offline}
    >
      <h2 className="widget-title">{title}</h2>
      {offline && (
        <p className="widget-offline" data-testid="widget-offline">
          Device offline
        </p>
      )}
      <Body widget={widget} {...rest} />
    </article>
  );
}

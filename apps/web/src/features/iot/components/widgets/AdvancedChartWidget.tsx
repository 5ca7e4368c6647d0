import { ChartWidget } from './ChartWidget.tsx';
import type { WidgetProps } from './widget-props.ts';

/** How many variables an advanced chart draws, one line each. */
export const ADVANCED_CHART_MAX_VARIABLES = 5;

/**
 * Up to five variables, from any things of the space, in one chart. It is the chart widget with more lines,
 * so ranges, aggregation and downloads work the same on both; variables beyond five are left out.
 */
export function AdvancedChartWidget(props: WidgetProps) {
  return <ChartWidget {...props} variables={props.variables.slice(0, ADVANCED_CHART_MAX_VARIABLES)} />;
}

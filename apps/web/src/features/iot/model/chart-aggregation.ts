/**
 * How a chart widget folds the values of each bucket (its `aggregation` option); the series API computes
 * them. Live shows raw values, so it has none.
 */
export const CHART_AGGREGATIONS = [
  { value: 'AVG', label: 'Average' },
  { value: 'MIN', label: 'Minimum' },
  { value: 'MAX', label: 'Maximum' },
  { value: 'SUM', label: 'Sum' },
  { value: 'COUNT', label: 'Count' },
  { value: 'PCT_50', label: 'Median' },
] as const;
export type ChartAggregation = (typeof CHART_AGGREGATIONS)[number]['value'];

/** A widget's aggregation option, Average when absent or not one of the list. */
export function chartAggregationOf(options: Record<string, unknown>): ChartAggregation {
  const found = CHART_AGGREGATIONS.find((a) => a.value === options.aggregation);
  return found ? found.value : 'AVG';
}

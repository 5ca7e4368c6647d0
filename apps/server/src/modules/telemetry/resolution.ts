/**
 * Aggregations of a property's timeseries (upstream's list for `GET …/properties/{pid}/timeseries`); the
 * series API takes these and the boolean ones (AGGREGATIONS). Percentiles need raw rows.
 */
export const VALUE_AGGREGATIONS = [
  'AVG',
  'MIN',
  'MAX',
  'SUM',
  'COUNT',
  'PCT_99',
  'PCT_95',
  'PCT_90',
  'PCT_75',
  'PCT_50',
  'PCT_15',
  'PCT_5',
] as const;
export type ValueAggregation = (typeof VALUE_AGGREGATIONS)[number];

/**
 * Every aggregation the store computes, the one list the API schemas take theirs from: the series API's
 * (upstream's, with BOOL_AND as well); BOOL_AND on values other than 0/1 needs raw rows.
 */
export const AGGREGATIONS = [...VALUE_AGGREGATIONS, 'BOOL_OR', 'BOOL_AND'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

export type Resolution = 'raw' | 'minute' | 'hour';
export const ROLLUP_SECONDS = { minute: 60, hour: 3600 } as const;

/**
 * A bucket whose edges do not fall on rollup edges still reads rollups when at least this many fit in it: a
 * rollup straddling an edge counts wholly in the bucket holding its middle, so at most half a rollup (a
 * quarter of a bucket) moves to a neighbour, and the totals over the range stay right. With 500 buckets: 15
 * days (43-minute buckets), 7 days and 1 day (173 s) read minute rollups; 3 months and a year hour rollups;
 * 12 hours (86 s) and less raw points.
 */
const MIN_ROLLUPS_PER_BUCKET = 2;

/** Whether min, max, sum and count per rollup answer the aggregation exactly. */
export function rollupsAnswer(aggregation: Aggregation, zeroOne: boolean): boolean {
  if (aggregation.startsWith('PCT_')) return false;
  // "every value non-zero" needs the count of zeros, unless values are 0/1 (booleans): then it is min = 1.
  if (aggregation === 'BOOL_AND') return zeroOne;
  return true;
}

/** The coarsest resolution that answers buckets of `intervalS` seconds from `from` to `to`. */
export function chooseResolution(q: {
  from: Date;
  to: Date;
  intervalS: number;
  aggregation: Aggregation;
  zeroOne?: boolean;
}): Resolution {
  if (!rollupsAnswer(q.aggregation, q.zeroOne ?? false)) return 'raw';
  for (const r of ['hour', 'minute'] as const) {
    const ms = ROLLUP_SECONDS[r] * 1000;
    const aligned =
      (q.intervalS * 1000) % ms === 0 && q.from.getTime() % ms === 0 && q.to.getTime() % ms === 0;
    if ((aligned && q.intervalS * 1000 >= ms) || q.intervalS * 1000 >= MIN_ROLLUPS_PER_BUCKET * ms) return r;
  }
  return 'raw';
}

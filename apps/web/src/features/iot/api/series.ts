import { queryOptions } from '@tanstack/react-query';
import type { AppConfig, GraphRange } from '@tinkercloud/shared';
import type { TimePoint as Point, TimeSeriesInput } from '@/components/charts/chart-data.ts';
import type { ApiRequest } from '@/lib/api.ts';
import { customWindow, graphWindow, TARGET_BUCKETS } from '../model/graph-window.ts';
import { chartValue, isChartable, valueKindOf } from '../model/value-kind.ts';
import { iotUrl } from './detail-queries.ts';
import { iotKeys } from './query-keys.ts';
import { batchQueryRawSchema, batchQuerySchema } from './schemas.ts';

/** One variable's line. */
export interface ChartSeries {
  propertyId: string;
  name: string;
  type: string;
  points: Point[];
}

/** The charts of a thing for a range, with the window they cover. */
export interface ThingSeries {
  from: number;
  to: number;
  /** Bucket width; null for raw values (Live). */
  intervalS: number | null;
  series: ChartSeries[];
}

const RAW_LIMIT = 500;

/** A variable's line as the chart takes it: booleans become false/true steps, everything else a line. */
export function toChartInput(series: ChartSeries): TimeSeriesInput {
  return {
    id: series.propertyId,
    name: series.name,
    kind: valueKindOf(series.type) === 'boolean' ? 'boolean' : 'number',
    points: series.points,
  };
}

/** How a chart reads its series besides the page's range: a window of its own, its bucket aggregation. */
export interface SeriesView {
  /** A custom window (epoch ms) instead of the range; read in buckets like the fixed ranges. */
  window?: { from: number; to: number };
  /** The aggregation of each bucket (the API's default, AVG, when absent). */
  aggregation?: string;
}

/**
 * Every numeric variable of the thing over the range: `batch_query` buckets sized for ~500 points, or for
 * Live the raw values of the last minutes (new ones are appended to this cache as they arrive).
 */
export function seriesQueryOptions(
  api: ApiRequest,
  config: AppConfig,
  space: string,
  thingId: string,
  range: GraphRange,
  view: SeriesView = {},
) {
  const custom = view.window;
  const key = iotKeys.series(space, thingId, range);
  return queryOptions({
    // Live keeps the key the live stream appends to; a view of its own has a key of its own.
    queryKey:
      custom || view.aggregation
        ? ([...key, view.aggregation ?? 'AVG', custom?.from ?? null, custom?.to ?? null] as const)
        : key,
    queryFn: async (): Promise<ThingSeries> => {
      const window = custom ? customWindow(custom) : graphWindow(range, Date.now());
      const request = { q: `thing.${thingId}`, from: window.from.toISOString(), to: window.to.toISOString() };
      const series: ChartSeries[] = [];
      if (window.intervalS === null) {
        const body = batchQueryRawSchema.parse(
          await api(iotUrl(config, '/iot/v2/series/batch_query_raw'), {
            method: 'POST',
            body: { resp_version: 1, requests: [{ ...request, sort: 'DESC', series_limit: RAW_LIMIT }] },
            organization: space,
          }),
        );
        for (const r of body.responses) {
          if (r.status !== 'ok' || !r.property_id || !isChartable(r.property_type ?? '')) continue;
          const points: Point[] = [];
          r.values.forEach((value, i) => {
            const v = chartValue(value);
            const t = Date.parse(r.times[i] ?? '');
            if (v !== null && Number.isFinite(t)) points.push({ t, v });
          });
          points.reverse();
          series.push({
            propertyId: r.property_id,
            name: r.property_name ?? '',
            type: r.property_type ?? '',
            points,
          });
        }
      } else {
        const body = batchQuerySchema.parse(
          await api(iotUrl(config, '/iot/v2/series/batch_query'), {
            method: 'POST',
            body: {
              resp_version: 1,
              requests: [
                {
                  ...request,
                  interval: window.intervalS,
                  series_limit: 2 * TARGET_BUCKETS,
                  ...(view.aggregation ? { aggregation: view.aggregation } : {}),
                },
              ],
            },
            organization: space,
          }),
        );
        for (const r of body.responses) {
          // Non-numeric variables answer status "error": they have no line to draw.
          if (r.status !== 'ok' || !r.property_id) continue;
          const points = r.values.map((v, i) => ({ t: Date.parse(r.times[i] ?? ''), v }));
          series.push({
            propertyId: r.property_id,
            name: r.property_name ?? '',
            type: r.property_type ?? '',
            points: points.filter((p) => Number.isFinite(p.t)),
          });
        }
      }
      return { from: window.from.getTime(), to: window.to.getTime(), intervalS: window.intervalS, series };
    },
  });
}

import { queryOptions } from '@tanstack/react-query';
import type { AppConfig, GraphRange } from '@tinkercloud/shared';
import { valueShapeOf } from '@tinkercloud/shared/iot';
import type { TimePoint as Point, SeriesKind, TimeSeriesInput } from '@/components/charts/chart-data.ts';
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
  /** For buckets: the newest value stored in the window (the chart's "last"), null when none. */
  last?: Point | null;
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

/** The chart's kind of a property type: booleans as on/off bands, integers as steps, other numbers as lines. */
export function chartKindOf(type: string): SeriesKind {
  if (valueKindOf(type) === 'boolean') return 'boolean';
  return valueShapeOf(type)?.kind === 'integer' ? 'integer' : 'number';
}

/** A variable's line as the chart takes it. */
export function toChartInput(series: ChartSeries): TimeSeriesInput {
  return {
    id: series.propertyId,
    name: series.name,
    kind: chartKindOf(series.type),
    points: series.points,
    ...(series.last === undefined ? {} : { last: series.last }),
  };
}

/** Newest-first raw answers as points, oldest first; values that cannot be charted are left out. */
function rawPoints(values: unknown[], times: string[]): Point[] {
  const points: Point[] = [];
  values.forEach((value, i) => {
    const v = chartValue(value);
    const t = Date.parse(times[i] ?? '');
    if (v !== null && Number.isFinite(t)) points.push({ t, v });
  });
  return points.reverse();
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
      const newestRaw = async (limit: number) =>
        batchQueryRawSchema.parse(
          await api(iotUrl(config, '/iot/v2/series/batch_query_raw'), {
            method: 'POST',
            body: { resp_version: 1, requests: [{ ...request, sort: 'DESC', series_limit: limit }] },
            organization: space,
          }),
        ).responses;
      if (window.intervalS === null) {
        for (const r of await newestRaw(RAW_LIMIT)) {
          if (r.status !== 'ok' || !r.property_id || !isChartable(r.property_type ?? '')) continue;
          const points = rawPoints(r.values, r.times);
          series.push({
            propertyId: r.property_id,
            name: r.property_name ?? '',
            type: r.property_type ?? '',
            points,
          });
        }
      } else {
        // The buckets, and beside them each variable's newest stored value: "last" is that, not an average.
        const [body, newest] = await Promise.all([
          api(iotUrl(config, '/iot/v2/series/batch_query'), {
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
          }).then((answer) => batchQuerySchema.parse(answer)),
          newestRaw(1),
        ]);
        const lastOf = new Map(
          newest.flatMap((r) =>
            r.property_id ? [[r.property_id, rawPoints(r.values, r.times)[0] ?? null]] : [],
          ),
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
            last: lastOf.get(r.property_id) ?? null,
          });
        }
      }
      return { from: window.from.getTime(), to: window.to.getTime(), intervalS: window.intervalS, series };
    },
  });
}

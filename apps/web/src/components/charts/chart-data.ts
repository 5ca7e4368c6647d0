/**
 * Pure data rules of the time-series chart: what goes into uPlot's columns, the per-series figures of the
 * summary and the legend's texts. Nothing here touches the DOM or uPlot, so all of it is tested directly.
 */
import { formatChartNumber } from './chart-format.ts';

/**
 * Numbers are drawn as lines; integers as steps (a count holds until it changes); booleans (0/1) as on/off
 * bands labelled false/true. Other values are not charted.
 */
export type SeriesKind = 'number' | 'integer' | 'boolean';

export interface TimePoint {
  /** Epoch milliseconds. */
  t: number;
  v: number;
}

export interface TimeSeriesInput {
  id: string;
  name: string;
  kind: SeriesKind;
  points: TimePoint[];
  /**
   * The newest value stored in the window, when the points are bucket aggregates: "last" is then this value,
   * not the last bucket's average (a counter's last bucket may average 19.5). Without it, the last point.
   */
  last?: TimePoint | null;
}

export interface ChartWindow {
  from: number;
  to: number;
}

/**
 * uPlot's aligned columns: times (ms) first, then one column per series. `undefined` means "this series has no
 * point at that time" (uPlot joins across it); `null` lifts the pen (a gap in the data).
 */
export type SeriesColumn = (number | null | undefined)[];
export type ChartColumns = [number[], ...SeriesColumn[]];

export interface SeriesStats {
  count: number;
  min: number | null;
  max: number | null;
  last: number | null;
}

export interface ChartModel {
  series: { id: string; name: string; kind: SeriesKind }[];
  data: ChartColumns;
  stats: SeriesStats[];
  /** The accessible name of the plot: one sentence per series. */
  summary: string;
  /** Changes only when the plot must be built again (series added, removed, renamed or of another kind). */
  shapeKey: string;
}

/** The points inside the window, by time, one per instant (a later duplicate wins). */
function pointsInside(points: TimePoint[], window: ChartWindow): TimePoint[] {
  const byTime = new Map<number, number>();
  for (const p of points) {
    if (p.t >= window.from && p.t <= window.to && Number.isFinite(p.v)) byTime.set(p.t, p.v);
  }
  return [...byTime].sort((a, b) => a[0] - b[0]).map(([t, v]) => ({ t, v }));
}

/**
 * Merges the series onto one time axis for uPlot. Neighbours of a series further apart than `gapMs` get a
 * `null` between them, so missing data does not look like a straight trend.
 */
export function toUplotData(series: TimeSeriesInput[], window: ChartWindow, gapMs?: number): ChartColumns {
  const rows = new Map<number, SeriesColumn>();
  const row = (t: number) => {
    let r = rows.get(t);
    if (!r) {
      r = new Array<number | null | undefined>(series.length).fill(undefined);
      rows.set(t, r);
    }
    return r;
  };
  series.forEach((s, i) => {
    let previous: TimePoint | undefined;
    for (const p of pointsInside(s.points, window)) {
      if (previous && gapMs !== undefined && p.t - previous.t > gapMs) {
        const gap = row(previous.t + (p.t - previous.t) / 2);
        if (gap[i] === undefined) gap[i] = null;
      }
      row(p.t)[i] = p.v;
      previous = p;
    }
  });
  const times = [...rows.keys()].sort((a, b) => a - b);
  const columns: SeriesColumn[] = series.map((_, i) => times.map((t) => rows.get(t)?.[i]));
  return [times, ...columns];
}

export function seriesStats(column: SeriesColumn): SeriesStats {
  let count = 0;
  let min: number | null = null;
  let max: number | null = null;
  let last: number | null = null;
  for (const v of column) {
    if (typeof v !== 'number') continue;
    count += 1;
    min = min === null ? v : Math.min(min, v);
    max = max === null ? v : Math.max(max, v);
    last = v;
  }
  return { count, min, max, last };
}

/** The stored last value replaces the last point's when it lies in the window. */
export function withStoredLast(
  stats: SeriesStats,
  last: TimePoint | null | undefined,
  window: ChartWindow,
): SeriesStats {
  if (!last || !Number.isFinite(last.v) || last.t < window.from || last.t > window.to) return stats;
  return { ...stats, last: last.v };
}

/**
 * A value as the legend and summary show it: booleans as false/true (a bucket mixing both, as an average, as
 * the share of true), numbers with at most seven significant digits; '–' for none.
 */
export function formatSeriesValue(kind: SeriesKind, value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  if (kind === 'boolean') {
    if (value <= 0) return 'false';
    if (value >= 1) return 'true';
    return `${Math.round(value * 100)}% true`;
  }
  return formatChartNumber(value);
}

/** One sentence about a series, as screen readers hear the plot. */
export function seriesSentence(name: string, kind: SeriesKind, stats: SeriesStats): string {
  if (stats.count === 0) return `${name}: no values in this period`;
  const values = `${stats.count} ${stats.count === 1 ? 'value' : 'values'}`;
  if (kind === 'boolean') return `${name}: ${values}, last ${formatSeriesValue(kind, stats.last)}`;
  return `${name}: ${values} from ${formatSeriesValue(kind, stats.min)} to ${formatSeriesValue(kind, stats.max)}`;
}

export function buildChartModel(series: TimeSeriesInput[], window: ChartWindow, gapMs?: number): ChartModel {
  const data = toUplotData(series, window, gapMs);
  const stats = series.map((s, i) => withStoredLast(seriesStats(data[i + 1] ?? []), s.last, window));
  return {
    series: series.map(({ id, name, kind }) => ({ id, name, kind })),
    data,
    stats,
    summary: series.map((s, i) => seriesSentence(s.name, s.kind, stats[i] as SeriesStats)).join('; '),
    shapeKey: JSON.stringify(series.map((s) => [s.id, s.name, s.kind])),
  };
}

/** Where the cursor is: the time under it and each series' nearest value (uPlot's per-series index). */
export interface CursorReading {
  t: number;
  values: (number | null | undefined)[];
}

/** How the plot draws a kind: the legend says it too (and tests read it). */
export type DrawnAs = 'line' | 'steps' | 'band';
export const drawnAs = (kind: SeriesKind): DrawnAs =>
  kind === 'boolean' ? 'band' : kind === 'integer' ? 'steps' : 'line';

export interface LegendEntry {
  id: string;
  name: string;
  kind: SeriesKind;
  drawn: DrawnAs;
  /** The series' place in the palette. */
  index: number;
  value: string;
}

/** The legend follows the cursor over the plot and shows the last values otherwise. */
export function legendEntries(model: ChartModel, cursor: CursorReading | null): LegendEntry[] {
  return model.series.map((s, i) => ({
    id: s.id,
    name: s.name,
    kind: s.kind,
    drawn: drawnAs(s.kind),
    index: i,
    value: formatSeriesValue(s.kind, cursor ? cursor.values[i] : model.stats[i]?.last),
  }));
}

/** Reads the cursor's values out of the columns by uPlot's per-series indexes (series 0 is time). */
export function readCursor(
  data: ChartColumns,
  idx: number | null,
  idxs: (number | null)[],
): CursorReading | null {
  if (idx === null) return null;
  const t = data[0][idx];
  if (t === undefined) return null;
  const values = data.slice(1).map((column, i) => {
    const at = idxs[i + 1];
    return at === null || at === undefined ? null : (column as SeriesColumn)[at];
  });
  return { t, values };
}

import './charts.css';
import { type KeyboardEvent, lazy, type ReactNode, Suspense, useId, useMemo, useRef, useState } from 'react';
import { ChartLegend } from './ChartLegend.tsx';
import { ChartSummaryTable } from './ChartSummaryTable.tsx';
import { buildChartModel, type CursorReading, legendEntries, type TimeSeriesInput } from './chart-data.ts';
import { PlotErrorBoundary } from './PlotErrorBoundary.tsx';
import { ZOOM_STEP } from './plot-zoom.ts';
import type { PlotHandle, ZoomRange } from './UplotPlot.tsx';

// uPlot loads with the first chart on screen, never with the app shell.
const UplotPlot = lazy(() => import('./UplotPlot.tsx'));

/** Height of the plot (axes included); the placeholder takes the same room, so nothing moves when it loads. */
export const CHART_HEIGHT = 200;

export interface TimeSeriesChartProps {
  title: string;
  /** One or many series; keep the array stable between renders (memoise it) unless its data changed. */
  series: TimeSeriesInput[];
  /** The time window shown when not zoomed, epoch milliseconds. */
  from: number;
  to: number;
  /** Neighbours further apart than this are not joined. */
  gapMs?: number;
  height?: number;
  /** Inside a card with its own title: no frame, and the title only names the chart for screen readers. */
  embedded?: boolean;
  /** Controls for the footer that act on the period shown (the zoomed one when zoomed), epoch ms. */
  footerActions?: (shown: { from: number; to: number }) => ReactNode;
}

/** An arrow key pans by this share of what is shown. */
const KEY_PAN = 0.25;

/**
 * A time-series chart: numbers as lines, integers as steps, booleans as on/off bands; a legend with the values
 * under the cursor and the last stored ones otherwise. The wheel zooms around the cursor, a drag selects a
 * period to zoom to and pans once zoomed; double-click or "Reset zoom" goes back. By keyboard, on the focused
 * plot: + and - zoom, the arrows pan, 0 resets. Screen readers get the plot as an image named by a summary
 * and a table of each series' figures.
 */
export function TimeSeriesChart({
  title,
  series,
  from,
  to,
  gapMs,
  height = CHART_HEIGHT,
  embedded = false,
  footerActions,
}: TimeSeriesChartProps) {
  const titleId = useId();
  const model = useMemo(() => buildChartModel(series, { from, to }, gapMs), [series, from, to, gapMs]);
  const window = useMemo(() => ({ from, to }), [from, to]);
  const [cursor, setCursor] = useState<CursorReading | null>(null);
  const [zoom, setZoom] = useState<ZoomRange>(null);
  const plot = useRef<PlotHandle>(null);
  const empty = model.stats.every((s) => s.count === 0);
  const onKeyDown = (event: KeyboardEvent) => {
    const handle = plot.current;
    if (!handle || event.altKey || event.ctrlKey || event.metaKey) return;
    const act: Record<string, () => void> = {
      '+': () => handle.zoomBy(ZOOM_STEP),
      '=': () => handle.zoomBy(ZOOM_STEP),
      '-': () => handle.zoomBy(1 / ZOOM_STEP),
      ArrowLeft: () => handle.panByShare(-KEY_PAN),
      ArrowRight: () => handle.panByShare(KEY_PAN),
      '0': () => handle.resetZoom(),
    };
    const action = act[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  return (
    <figure
      className={embedded ? 'chart chart-embedded' : 'chart'}
      data-testid="chart"
      aria-labelledby={titleId}
    >
      <figcaption id={titleId} className={embedded ? 'visually-hidden' : 'chart-caption'}>
        {title}
      </figcaption>
      <div
        className="chart-plot"
        role="img"
        aria-label={model.summary}
        aria-roledescription="chart"
        aria-keyshortcuts="+ - ArrowLeft ArrowRight 0"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the focused plot takes the zoom and pan keys.
        tabIndex={0}
        onKeyDown={onKeyDown}
        style={{ minHeight: height }}
      >
        <PlotErrorBoundary height={height}>
          <Suspense fallback={<div className="chart-placeholder" style={{ height }} />}>
            <UplotPlot
              ref={plot}
              model={model}
              window={window}
              height={height}
              onCursor={setCursor}
              onZoom={setZoom}
            />
          </Suspense>
        </PlotErrorBoundary>
      </div>
      <div className="chart-footer">
        {empty ? (
          <p className="chart-empty">No values in this period.</p>
        ) : (
          <ChartLegend entries={legendEntries(model, cursor)} cursor={cursor} />
        )}
        {zoom && (
          <button
            type="button"
            className="button button-subtle button-small chart-reset"
            onClick={() => plot.current?.resetZoom()}
          >
            Reset zoom
          </button>
        )}
        {footerActions?.(zoom ? { from: zoom.min, to: zoom.max } : window)}
      </div>
      <ChartSummaryTable title={title} model={model} />
    </figure>
  );
}

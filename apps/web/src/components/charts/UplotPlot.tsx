/**
 * The canvas part of TimeSeriesChart, loaded lazily: uPlot and its stylesheet travel in this chunk only.
 * The plot is built once per series shape; new data goes through setData, a theme change through a redraw.
 */
import 'uplot/dist/uPlot.min.css';
import { type Ref, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import uPlot from 'uplot';
import { type ChartModel, type ChartWindow, type CursorReading, readCursor } from './chart-data.ts';
import { readChartColours, watchTheme } from './chart-theme.ts';
import { panBy, zoomAround } from './plot-zoom.ts';
import { plotOptions } from './uplot-options.ts';

export interface PlotHandle {
  resetZoom: () => void;
  /** Zooms in (a factor below 1) or out around the middle, as the keyboard does. */
  zoomBy: (factor: number) => void;
  /** Pans a zoomed plot by a share of what is shown (negative: earlier). */
  panByShare: (share: number) => void;
}

/** The x range shown, or null when it is the whole window. */
export type ZoomRange = { min: number; max: number } | null;

export interface UplotPlotProps {
  model: ChartModel;
  window: ChartWindow;
  height: number;
  onCursor: (reading: CursorReading | null) => void;
  onZoom: (zoom: ZoomRange) => void;
  ref?: Ref<PlotHandle>;
}

const shownRange = (u: uPlot) => {
  const { min, max } = u.scales.x ?? {};
  return min === undefined || max === undefined ? null : { min, max };
};

/** Below a millisecond of difference the x range is the window itself. */
const sameRange = (a: ChartWindow, min: number, max: number) =>
  Math.abs(a.from - min) < 1 && Math.abs(a.to - max) < 1;

export default function UplotPlot({ model, window, height, onCursor, onZoom, ref }: UplotPlotProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const lastSpan = useRef(window.to - window.from);
  // Read by uPlot's hooks, which outlive a render: always the latest props.
  const latest = useRef({ model, window, onCursor, onZoom, zoom: null as ZoomRange });
  latest.current.model = model;
  latest.current.window = window;
  latest.current.onCursor = onCursor;
  latest.current.onZoom = onZoom;

  const resetZoom = useCallback(() => {
    const { window: w } = latest.current;
    plotRef.current?.setScale('x', { min: w.from, max: w.to });
  }, []);
  useImperativeHandle(
    ref,
    () => ({
      resetZoom,
      zoomBy: (factor) => {
        const plot = plotRef.current;
        const shown = plot && shownRange(plot);
        if (shown) plot.setScale('x', zoomAround(shown, latest.current.window, factor, 0.5));
      },
      panByShare: (share) => {
        const plot = plotRef.current;
        const shown = plot && shownRange(plot);
        if (shown) plot.setScale('x', panBy(shown, latest.current.window, share * (shown.max - shown.min)));
      },
    }),
    [resetZoom],
  );

  // Built again only when the series change shape (or the height changes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: data and window updates go through setData below.
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const colours = readChartColours(host);
    const plot = new uPlot(
      plotOptions(model, { width: host.clientWidth || 300, height }, colours, {
        onCursor: (u) => {
          const idx = u.cursor.idx ?? null;
          latest.current.onCursor(readCursor(u.data as never, idx, u.cursor.idxs ?? []));
        },
        onScale: (u, key) => {
          if (key !== 'x') return;
          const min = u.scales.x?.min;
          const max = u.scales.x?.max;
          if (min === undefined || max === undefined) return;
          // Tests and people can read the shown range; the attribute changes as the plot zooms.
          host.dataset.xMin = String(Math.round(min));
          host.dataset.xMax = String(Math.round(max));
          const zoom = sameRange(latest.current.window, min, max) ? null : { min, max };
          latest.current.zoom = zoom;
          latest.current.onZoom(zoom);
        },
        onReset: resetZoom,
        getWindow: () => latest.current.window,
        onTimeTicks: (tickPx, labelPx) => {
          host.dataset.xTickPx = tickPx.toFixed(1);
          host.dataset.xLabelPx = labelPx.toFixed(1);
        },
      }),
      model.data as uPlot.AlignedData,
      host,
    );
    plotRef.current = plot;
    plot.setScale('x', { min: window.from, max: window.to });

    const resize =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            if (host.clientWidth > 0) plot.setSize({ width: host.clientWidth, height });
          })
        : null;
    resize?.observe(host);
    const stopWatching = watchTheme(() => {
      Object.assign(colours, readChartColours(host));
      plot.redraw(false);
    });
    return () => {
      resize?.disconnect();
      stopWatching();
      plot.destroy();
      plotRef.current = null;
      latest.current.zoom = null;
    };
  }, [model.shapeKey, height]);

  // New values (a Live point, another range): the same plot, new data; a zoom stays where the user put it.
  useEffect(() => {
    const plot = plotRef.current;
    if (!plot) return;
    plot.setData(model.data as uPlot.AlignedData, false);
    // Another range (a new span) or a zoom the sliding Live window has left: back to the whole window.
    let zoom = latest.current.zoom;
    if (zoom && (window.to - window.from !== lastSpan.current || zoom.max < window.from)) zoom = null;
    latest.current.zoom = zoom;
    lastSpan.current = window.to - window.from;
    plot.setScale('x', zoom ? { min: zoom.min, max: zoom.max } : { min: window.from, max: window.to });
  }, [model.data, window.from, window.to]);

  return <div ref={hostRef} className="chart-canvas" data-testid="chart-canvas" />;
}

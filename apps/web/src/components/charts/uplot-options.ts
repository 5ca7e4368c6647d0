import uPlot from 'uplot';
import type { ChartModel } from './chart-data.ts';
import { formatChartNumber, formatTimeTick } from './chart-format.ts';
import { type ChartColours, seriesColour } from './chart-theme.ts';

export interface PlotCallbacks {
  /** The cursor moved (or left the plot). */
  onCursor: (u: uPlot) => void;
  /** A scale changed: a zoom, its reset, or a new window. */
  onScale: (u: uPlot, key: string) => void;
  /** Double-click on the plot: back to the whole window. */
  onReset: () => void;
}

/** Booleans sit on their own 0/1 scale with room above and below, so a step never hides in the frame. */
const BOOLEAN_RANGE: [number, number] = [-0.1, 1.1];
const steps = uPlot.paths.stepped?.({ align: 1 });

/**
 * uPlot's options for a model. Colours are read through functions at each draw, so a theme change needs only
 * a redraw with new `colours`, not a new plot.
 */
export function plotOptions(
  model: ChartModel,
  size: { width: number; height: number },
  colours: ChartColours,
  callbacks: PlotCallbacks,
): uPlot.Options {
  const hasNumbers = model.series.some((s) => s.kind === 'number');
  const hasBooleans = model.series.some((s) => s.kind === 'boolean');
  const text = () => colours.text;
  const grid = { stroke: () => colours.grid, width: 1 };
  const axes: uPlot.Axis[] = [
    {
      stroke: text,
      grid,
      ticks: grid,
      values: (_u, splits, _axis, _space, incr) => splits.map((t) => formatTimeTick(t, incr)),
    },
  ];
  if (hasNumbers)
    axes.push({
      scale: 'y',
      side: 3,
      stroke: text,
      grid,
      ticks: grid,
      values: (_u, splits) => splits.map(formatChartNumber),
    });
  if (hasBooleans)
    axes.push({
      scale: 'bool',
      // Beside numbers the true/false labels go to the right; alone they take the left.
      side: hasNumbers ? 1 : 3,
      stroke: text,
      grid: { ...grid, show: !hasNumbers },
      ticks: grid,
      splits: () => [0, 1],
      values: (_u, splits) => splits.map((v) => (v >= 1 ? 'true' : 'false')),
    });

  return {
    width: size.width,
    height: size.height,
    // Our times are epoch milliseconds.
    ms: 1,
    legend: { show: false },
    scales: {
      // The window is set explicitly (never the data's extent), so it is taken as given.
      x: { time: true, range: (_u, min, max) => [min, max] },
      bool: { auto: false, range: BOOLEAN_RANGE },
    },
    series: [
      {},
      ...model.series.map(
        (s, i): uPlot.Series => ({
          label: s.name,
          scale: s.kind === 'boolean' ? 'bool' : 'y',
          stroke: () => seriesColour(colours, i),
          width: 2,
          spanGaps: false,
          ...(s.kind === 'boolean' && steps ? { paths: steps } : {}),
          points: { fill: () => seriesColour(colours, i) },
        }),
      ),
    ],
    axes,
    cursor: {
      drag: { x: true, y: false, setScale: true },
      // uPlot's own double-click goes to the data's extent; ours goes back to the window.
      bind: {
        dblclick: () => () => {
          callbacks.onReset();
          return null;
        },
      },
    },
    hooks: {
      setCursor: [callbacks.onCursor],
      setScale: [callbacks.onScale],
    },
  };
}

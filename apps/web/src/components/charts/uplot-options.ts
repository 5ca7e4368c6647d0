import uPlot from 'uplot';
import type { ChartModel, ChartWindow } from './chart-data.ts';
import { formatChartNumber, formatTimeTick } from './chart-format.ts';
import { type ChartColours, seriesColour } from './chart-theme.ts';
import { zoomPlugin } from './plot-zoom.ts';
import { labelWidthMeter, TIME_INCRS, timeTickSpacing } from './time-axis.ts';

export interface PlotCallbacks {
  /** The cursor moved (or left the plot). */
  onCursor: (u: uPlot) => void;
  /** A scale changed: a zoom, its reset, or a new window. */
  onScale: (u: uPlot, key: string) => void;
  /** Double-click on the plot: back to the whole window. */
  onReset: () => void;
  /** The chart's whole window now (it slides in Live): a zoom or pan stays inside it. */
  getWindow: () => ChartWindow;
  /** The time axis chose its step: the pixels between ticks and the widest label's, for tests and people. */
  onTimeTicks?: (tickPx: number, labelPx: number) => void;
}

/** uPlot's own axis font, named here so the labels are measured in the font they are drawn in. */
export const AXIS_FONT =
  '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** A label's width in CSS pixels, measured on the plot's canvas; a generous guess where no canvas draws. */
function measurer(u: uPlot): (text: string) => number {
  return (text) => {
    const ctx = u.ctx as CanvasRenderingContext2D | null;
    if (!ctx || typeof ctx.measureText !== 'function') return text.length * 7.5;
    ctx.save();
    ctx.font = AXIS_FONT;
    const width = ctx.measureText(text).width;
    ctx.restore();
    return width;
  };
}

/** Booleans sit on their own 0/1 scale with room above and below, so a step never hides in the frame. */
const BOOLEAN_RANGE: [number, number] = [-0.1, 1.1];
const steps = uPlot.paths.stepped?.({ align: 1 });
/** An on/off band is filled this much over the series colour's transparent. */
const BAND_ALPHA = 0.35;

/** The colour at BAND_ALPHA: computed colours are rgb(), fallbacks are #rrggbb; anything else is mixed by CSS. */
export function translucent(colour: string): string {
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(colour);
  if (rgb) return `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${BAND_ALPHA})`;
  if (/^#[0-9a-f]{6}$/i.test(colour)) return `${colour}${Math.round(BAND_ALPHA * 255).toString(16)}`;
  return `color-mix(in srgb, ${colour} ${BAND_ALPHA * 100}%, transparent)`;
}

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
  const hasNumbers = model.series.some((s) => s.kind !== 'boolean');
  const hasBooleans = model.series.some((s) => s.kind === 'boolean');
  const text = () => colours.text;
  const grid = { stroke: () => colours.grid, width: 1 };
  let labelWidth: ((stepMs: number) => number) | null = null;
  const axes: uPlot.Axis[] = [
    {
      stroke: text,
      grid,
      ticks: grid,
      font: AXIS_FONT,
      incrs: [...TIME_INCRS],
      // The tick distance is chosen from the plot's width and the labels' own width: they never overlap.
      space: (u, _axis, min, max, plotWidth) => {
        labelWidth ??= labelWidthMeter(measurer(u));
        const { stepMs, spacePx } = timeTickSpacing(max - min, plotWidth, labelWidth);
        callbacks.onTimeTicks?.(spacePx, labelWidth(stepMs));
        // A hair under the distance, so uPlot picks the same step rather than the next one up.
        return spacePx - 0.01;
      },
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
          // A count or a switch holds its value until the next one: a step, not a slope.
          ...(s.kind !== 'number' && steps ? { paths: steps } : {}),
          // A boolean's true stretches are filled down to false: on/off bands.
          ...(s.kind === 'boolean' ? { fill: () => translucent(seriesColour(colours, i)), fillTo: 0 } : {}),
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
    plugins: [zoomPlugin(callbacks.getWindow)],
    hooks: {
      setCursor: [callbacks.onCursor],
      setScale: [callbacks.onScale],
    },
  };
}

/**
 * How many time ticks fit: the step between ticks is chosen from the plot's width and the width of the labels
 * that step would print, so labels never overlap, whatever the width of the page or the length of the locale's
 * time format. Pure, so it is tested without a canvas.
 */
import { formatTimeTick, timeTickFormatOf } from './chart-format.ts';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

/**
 * The steps the axis may use, smallest first. Days and months are the values uPlot's time splits know
 * (a month is 30 days to it), so its ticks fall on local midnights and month starts.
 */
export const TIME_INCRS: readonly number[] = [
  S,
  2 * S,
  5 * S,
  10 * S,
  15 * S,
  30 * S,
  M,
  2 * M,
  5 * M,
  10 * M,
  15 * M,
  30 * M,
  H,
  2 * H,
  3 * H,
  4 * H,
  6 * H,
  8 * H,
  12 * H,
  D,
  2 * D,
  3 * D,
  5 * D,
  7 * D,
  15 * D,
  30 * D,
  60 * D,
  90 * D,
  180 * D,
  365 * D,
];

/** Room kept free between two labels, CSS pixels. */
export const LABEL_GAP_PX = 16;

export interface TickSpacing {
  /** The step between ticks, ms. */
  stepMs: number;
  /** The pixels between two ticks at that step. */
  spacePx: number;
}

/**
 * The smallest step whose ticks sit at least one label (the widest that step prints) plus a gap apart. When
 * even the largest step is too dense (a plot a few pixels wide), the largest is taken: at most one label shows.
 */
export function timeTickSpacing(
  spanMs: number,
  plotWidthPx: number,
  labelWidthPx: (stepMs: number) => number,
  incrs: readonly number[] = TIME_INCRS,
): TickSpacing {
  const largest = incrs[incrs.length - 1] ?? D;
  if (!(spanMs > 0) || !(plotWidthPx > 0)) return { stepMs: largest, spacePx: Math.max(plotWidthPx, 1) };
  const pxPerMs = plotWidthPx / spanMs;
  for (const step of incrs) {
    const spacePx = step * pxPerMs;
    if (spacePx >= labelWidthPx(step) + LABEL_GAP_PX) return { stepMs: step, spacePx };
  }
  return { stepMs: largest, spacePx: largest * pxPerMs };
}

/** Times whose labels are among the widest a format prints (two-digit hours and days, every month). */
const SAMPLE_TIMES = Array.from({ length: 12 }, (_, month) =>
  new Date(2000, month, 28, 22, 58, 58).getTime(),
);

/**
 * The widest label a step prints, measured with `measure` (a canvas's measureText in the browser); the
 * measure is run once per label format, not per draw.
 */
export function labelWidthMeter(measure: (text: string) => number): (stepMs: number) => number {
  const widths = new Map<string, number>();
  return (stepMs) => {
    const format = timeTickFormatOf(stepMs);
    let width = widths.get(format);
    if (width === undefined) {
      width = Math.max(...SAMPLE_TIMES.map((t) => measure(formatTimeTick(t, stepMs))));
      widths.set(format, width);
    }
    return width;
  };
}

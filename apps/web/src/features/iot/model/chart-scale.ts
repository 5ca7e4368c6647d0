/** Pure geometry of the line chart: domains, ticks and the SVG path. */

export interface Point {
  /** Epoch milliseconds. */
  t: number;
  v: number;
}

export interface ChartFrame {
  width: number;
  height: number;
  /** Room for the axis labels around the plot. */
  padding: { top: number; right: number; bottom: number; left: number };
}

export interface Tick {
  value: number;
  /** Position on its axis in SVG units. */
  at: number;
}

export interface ChartGeometry {
  path: string;
  /** The points' positions, for the markers of short series. */
  dots: { x: number; y: number }[];
  yTicks: Tick[];
  xTicks: Tick[];
  plot: { left: number; right: number; top: number; bottom: number };
}

/** 1, 2 or 5 times a power of ten, the smallest such step giving at most `count` steps over `span`. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || count < 1) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  return step;
}

/**
 * The value axis: the data's range widened to whole steps, so the ticks land on round numbers. A flat series
 * gets a band around its value, so its line runs through the plot rather than along an edge.
 */
export function valueDomain(values: number[], tickCount = 4): { min: number; max: number; step: number } {
  if (values.length === 0) return { min: 0, max: 1, step: niceStep(1, tickCount) };
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (lo === hi) {
    const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1;
    lo -= pad;
    hi += pad;
  }
  const step = niceStep(hi - lo, tickCount);
  return { min: Math.floor(lo / step) * step, max: Math.ceil(hi / step) * step, step };
}

/** Evenly spaced times across [from, to], ends included. */
export function timeTicks(from: number, to: number, count = 4): number[] {
  if (!(to > from) || count < 2) return [from];
  return Array.from({ length: count }, (_, i) => from + ((to - from) * i) / (count - 1));
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Maps points onto the frame: time `from`→`to` left to right, values bottom to top. Points outside the time
 * window are dropped; a gap longer than `gapMs` between neighbours lifts the pen, so missing data does not
 * look like a straight trend.
 */
export function chartGeometry(
  points: Point[],
  window: { from: number; to: number },
  frame: ChartFrame,
  options: { gapMs?: number; tickCount?: number } = {},
): ChartGeometry {
  const plot = {
    left: frame.padding.left,
    right: frame.width - frame.padding.right,
    top: frame.padding.top,
    bottom: frame.height - frame.padding.bottom,
  };
  const inside = points.filter((p) => p.t >= window.from && p.t <= window.to).sort((a, b) => a.t - b.t);
  const domain = valueDomain(
    inside.map((p) => p.v),
    options.tickCount,
  );
  const span = window.to - window.from || 1;
  const x = (t: number) => plot.left + ((t - window.from) / span) * (plot.right - plot.left);
  const y = (v: number) =>
    plot.bottom - ((v - domain.min) / (domain.max - domain.min)) * (plot.bottom - plot.top);

  let path = '';
  const dots: { x: number; y: number }[] = [];
  let previous: Point | undefined;
  for (const p of inside) {
    const px = round(x(p.t));
    const py = round(y(p.v));
    const gap = previous !== undefined && options.gapMs !== undefined && p.t - previous.t > options.gapMs;
    path += `${previous === undefined || gap ? 'M' : 'L'}${px} ${py}`;
    dots.push({ x: px, y: py });
    previous = p;
  }

  const yTicks: Tick[] = [];
  for (let v = domain.min; v <= domain.max + domain.step / 2; v += domain.step) {
    // Repeated additions drift (0.1 + 0.2); the step's own precision is enough for a label.
    const value = Number(v.toPrecision(12));
    yTicks.push({ value, at: round(y(value)) });
  }
  const xTicks = timeTicks(window.from, window.to).map((t) => ({ value: t, at: round(x(t)) }));
  return { path, dots, yTicks, xTicks, plot };
}

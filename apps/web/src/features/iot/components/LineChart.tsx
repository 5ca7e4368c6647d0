import { type ChartFrame, chartGeometry, type Point } from '../model/chart-scale.ts';
import { formatTick } from '../model/format-time.ts';
import { formatValue } from '../model/value-kind.ts';

const FRAME: ChartFrame = { width: 480, height: 200, padding: { top: 12, right: 16, bottom: 28, left: 52 } };
/** Short series get a marker per value, so a single reading is visible at all. */
const MAX_DOTS = 60;

interface LineChartProps {
  title: string;
  points: Point[];
  from: number;
  to: number;
  /** Neighbours further apart than this are not joined. */
  gapMs?: number;
}

/** A small SVG line chart of one variable over a time window. */
export function LineChart({ title, points, from, to, gapMs }: LineChartProps) {
  const geometry = chartGeometry(points, { from, to }, FRAME, gapMs === undefined ? {} : { gapMs });
  const { plot } = geometry;
  const shown = geometry.dots.length;
  const values = points.filter((p) => p.t >= from && p.t <= to).map((p) => p.v);
  const summary =
    shown === 0
      ? `${title}: no values in this period`
      : `${title}: ${shown} ${shown === 1 ? 'value' : 'values'} from ${formatValue(Math.min(...values))} to ${formatValue(Math.max(...values))}`;
  const last = points[points.length - 1];
  return (
    <figure className="chart" data-testid="chart">
      <figcaption className="chart-caption">
        <span className="chart-title">{title}</span>
        {last && <span className="chart-last">{formatValue(last.v)}</span>}
      </figcaption>
      <svg
        className="chart-svg"
        viewBox={`0 0 ${FRAME.width} ${FRAME.height}`}
        role="img"
        aria-label={summary}
        preserveAspectRatio="xMidYMid meet"
      >
        {geometry.yTicks.map((tick) => (
          <g key={tick.value}>
            <line className="chart-grid" x1={plot.left} x2={plot.right} y1={tick.at} y2={tick.at} />
            <text className="chart-label" x={plot.left - 8} y={tick.at + 4} textAnchor="end">
              {formatValue(tick.value)}
            </text>
          </g>
        ))}
        {geometry.xTicks.map((tick, i) => (
          <text
            key={tick.value}
            className="chart-label"
            x={tick.at}
            y={FRAME.height - 8}
            textAnchor={i === 0 ? 'start' : i === geometry.xTicks.length - 1 ? 'end' : 'middle'}
          >
            {formatTick(tick.value, to - from)}
          </text>
        ))}
        <path className="chart-line" d={geometry.path} />
        {shown <= MAX_DOTS &&
          geometry.dots.map((dot) => (
            <circle key={`${dot.x},${dot.y}`} className="chart-dot" cx={dot.x} cy={dot.y} r={3} />
          ))}
      </svg>
      {shown === 0 && <p className="chart-empty">No values in this period.</p>}
    </figure>
  );
}

import type { CursorReading, LegendEntry } from './chart-data.ts';
import { formatCursorTime } from './chart-format.ts';

/**
 * Each series with its colour and value: at the cursor while it is over the plot, the last value otherwise.
 * Not a live region: announcing every mouse move would drown a screen reader (the summary table serves it).
 */
export function ChartLegend({ entries, cursor }: { entries: LegendEntry[]; cursor: CursorReading | null }) {
  return (
    <div className="chart-legend" data-testid="chart-legend">
      <span className="chart-legend-time">{cursor ? formatCursorTime(cursor.t) : 'Last values'}</span>
      <ul className="chart-legend-list">
        {entries.map((entry) => (
          <li key={entry.id} className="chart-legend-item" data-series={entry.name} data-drawn={entry.drawn}>
            <span
              className={`chart-swatch chart-swatch-${(entry.index % 6) + 1} chart-swatch-${entry.drawn}`}
              aria-hidden="true"
            />
            <span className="chart-legend-name">{entry.name}</span>
            <span className="chart-legend-value" data-testid="chart-legend-value">
              {entry.value}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

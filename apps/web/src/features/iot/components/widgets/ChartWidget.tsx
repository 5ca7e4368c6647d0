import { useQueries } from '@tanstack/react-query';
import { useServices } from '../../../../app/services.tsx';
import { seriesQueryOptions } from '../../api/series.ts';
import { LIVE_POLL_MS } from '../../live/use-live-updates.ts';
import { LIVE_WINDOW_MS } from '../../model/graph-window.ts';
import { LineChart } from '../LineChart.tsx';
import { NoVariable } from './NoVariable.tsx';
import type { WidgetProps } from './widget-props.ts';

/** The history of each linked variable for the page's range, from its thing's series (as on the device page). */
export function ChartWidget({ variables, space, range, streaming }: WidgetProps) {
  const { api, config } = useServices();
  const live = range === 'LIVE';
  const thingIds = [...new Set(variables.map((v) => v.thing_id))];
  const results = useQueries({
    queries: thingIds.map((thingId) => ({
      ...seriesQueryOptions(api, config, space, thingId, range),
      refetchInterval: live && !streaming ? LIVE_POLL_MS : (false as const),
    })),
  });
  if (variables.length === 0) return <NoVariable />;
  if (results.some((r) => r.isPending)) return <p className="muted">Loading…</p>;
  const failed = results.find((r) => r.isError);
  if (failed) return <p className="muted">History could not be loaded</p>;
  return (
    <div className="widget-charts">
      {variables.map((variable) => {
        const data = results[thingIds.indexOf(variable.thing_id)]?.data;
        const line = data?.series.find((s) => s.propertyId === variable.id);
        if (!data || !line) return null;
        // Live slides with the newest value; the other ranges keep the window they were read for.
        const to = live ? Math.max(data.to, line.points[line.points.length - 1]?.t ?? 0) : data.to;
        const from = live ? to - LIVE_WINDOW_MS : data.from;
        return (
          <LineChart
            key={variable.id}
            title={variable.name}
            points={line.points}
            from={from}
            to={to}
            {...(data.intervalS === null ? {} : { gapMs: data.intervalS * 2500 })}
          />
        );
      })}
    </div>
  );
}

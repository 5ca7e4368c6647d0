import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useServices } from '../../../../app/services.tsx';
import { TimeSeriesChart } from '../../../../components/charts/TimeSeriesChart.tsx';
import { seriesQueryOptions, type ThingSeries, toChartInput } from '../../api/series.ts';
import { LIVE_POLL_MS } from '../../live/use-live-updates.ts';
import { LIVE_WINDOW_MS } from '../../model/graph-window.ts';
import { NoVariable } from './NoVariable.tsx';
import type { WidgetProps } from './widget-props.ts';

/**
 * The history of the linked variables for the page's range in one chart, a series each, from their things'
 * series (as on the device page). Variables that cannot be charted (text, objects) are left out.
 */
export function ChartWidget({ widget, variables, space, range, streaming }: WidgetProps) {
  const { api, config } = useServices();
  const live = range === 'LIVE';
  const thingIds = [...new Set(variables.map((v) => v.thing_id))];
  const results = useQueries({
    queries: thingIds.map((thingId) => ({
      ...seriesQueryOptions(api, config, space, thingId, range),
      refetchInterval: live && !streaming ? LIVE_POLL_MS : (false as const),
    })),
  });
  // The caches change identity only with new data: the chart gets a new input only then.
  const version = results.map((r) => r.dataUpdatedAt).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` stands for the results' data.
  const chart = useMemo(() => {
    const byThing = new Map<string, ThingSeries | undefined>(thingIds.map((id, i) => [id, results[i]?.data]));
    const lines = variables.flatMap((variable) => {
      const line = byThing.get(variable.thing_id)?.series.find((s) => s.propertyId === variable.id);
      return line ? [{ ...toChartInput(line), name: variable.name }] : [];
    });
    const caches = [...byThing.values()].filter((d): d is ThingSeries => d !== undefined);
    // Live slides with the newest value; the other ranges keep the window they were read for.
    const newest = Math.max(0, ...lines.map((l) => l.points[l.points.length - 1]?.t ?? 0));
    const to = Math.max(...caches.map((d) => d.to), live ? newest : 0);
    const from = live ? to - LIVE_WINDOW_MS : Math.min(...caches.map((d) => d.from));
    const intervalS = caches[0]?.intervalS ?? null;
    return { lines, from, to, gapMs: intervalS === null ? undefined : intervalS * 2500 };
  }, [version, variables, live]);

  if (variables.length === 0) return <NoVariable />;
  if (results.some((r) => r.isPending)) return <p className="muted">Loading…</p>;
  if (results.some((r) => r.isError)) return <p className="muted">History could not be loaded</p>;
  if (chart.lines.length === 0) return <p className="muted">No variable to chart</p>;
  return (
    <TimeSeriesChart
      title={widget.name || 'Chart'}
      embedded
      series={chart.lines}
      from={chart.from}
      to={chart.to}
      {...(chart.gapMs === undefined ? {} : { gapMs: chart.gapMs })}
    />
  );
}

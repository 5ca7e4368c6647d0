import { useQuery } from '@tanstack/react-query';
import type { GraphRange } from '@tinkercloud/shared';
import { useMemo } from 'react';
import { reReadFailed, StaleNotice } from '@/components/StaleNotice.tsx';
import { useServices } from '../../../app/services.tsx';
import { TimeSeriesChart } from '../../../components/charts/TimeSeriesChart.tsx';
import { EmptyState } from '../../../components/Page.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { seriesQueryOptions, toChartInput } from '../api/series.ts';
import { LIVE_WINDOW_MS } from '../model/graph-window.ts';

interface VariableChartsProps {
  space: string;
  thingId: string;
  range: GraphRange;
  /** True while the live stream feeds the caches; otherwise Live re-reads the series on a timer. */
  streaming: boolean;
  pollMs: number;
}

/** One chart per numeric variable of the thing for the chosen range; in Live mode new values are appended. */
export function VariableCharts({ space, thingId, range, streaming, pollMs }: VariableChartsProps) {
  const { api, config } = useServices();
  const live = range === 'LIVE';
  const query = useQuery({
    ...seriesQueryOptions(api, config, space, thingId, range),
    // In Live mode the stream appends to this cache; without it, the series is read again on a timer.
    refetchInterval: live && !streaming ? pollMs : false,
  });
  // One stable input per series until the cache changes, so a chart re-renders without new data only as needed.
  const inputs = useMemo(() => query.data?.series.map((s) => [toChartInput(s)]) ?? [], [query.data]);
  if (query.isPending) return <PageLoader />;
  if (query.data === undefined)
    return <EmptyState title="History could not be loaded" hint={query.error?.message} />;
  const { series, intervalS } = query.data;
  if (series.length === 0)
    return <EmptyState title="Nothing to chart" hint="This thing has no numeric variables." />;
  // Live slides with the newest value; the other ranges keep the window they were read for.
  const to = live
    ? Math.max(query.data.to, ...series.map((s) => s.points[s.points.length - 1]?.t ?? 0))
    : query.data.to;
  const from = live ? to - LIVE_WINDOW_MS : query.data.from;
  return (
    <div className="chart-grid-list">
      {reReadFailed(query) && <StaleNotice error={query.error} />}
      {series.map((s, i) => (
        <TimeSeriesChart
          key={s.propertyId}
          title={s.name}
          series={inputs[i] ?? []}
          from={from}
          to={to}
          {...(intervalS === null ? {} : { gapMs: intervalS * 2500 })}
        />
      ))}
    </div>
  );
}

import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { firstReadFailed, reReadFailed, StaleNotice } from '@/components/StaleNotice.tsx';
import { toast } from '@/lib/toast.tsx';
import { useServices } from '../../../../app/services.tsx';
import { TimeSeriesChart } from '../../../../components/charts/TimeSeriesChart.tsx';
import { downloadCsv } from '../../api/export-csv.ts';
import { type SeriesView, seriesQueryOptions, type ThingSeries, toChartInput } from '../../api/series.ts';
import { LIVE_POLL_MS } from '../../live/use-live-updates.ts';
import { chartAggregationOf } from '../../model/chart-aggregation.ts';
import { LIVE_WINDOW_MS } from '../../model/graph-window.ts';
import { ChartRangeForm } from './ChartRangeForm.tsx';
import { NoVariable } from './NoVariable.tsx';
import type { WidgetProps } from './widget-props.ts';

/**
 * The history of the linked variables for the page's range, or a custom period of the widget's own, in one
 * chart, a series each, from their things' series (as on the device page), buckets folded by the widget's
 * `aggregation` option. Variables that cannot be charted (text, objects) are left out. "Download CSV"
 * exports the stored values of the period shown (the zoomed one when zoomed).
 */
export function ChartWidget({ widget, variables, space, range, streaming }: WidgetProps) {
  const { api, config } = useServices();
  const [custom, setCustom] = useState<{ from: number; to: number } | null>(null);
  const aggregation = chartAggregationOf(widget.options ?? {});
  const live = range === 'LIVE' && !custom;
  // The default (Average over the page's range) shares its cache with the device page's charts.
  const view: SeriesView = {
    ...(custom ? { window: custom } : {}),
    ...(aggregation !== 'AVG' ? { aggregation } : {}),
  };
  const thingIds = [...new Set(variables.map((v) => v.thing_id))];
  const results = useQueries({
    queries: thingIds.map((thingId) => ({
      ...seriesQueryOptions(api, config, space, thingId, range, live ? {} : view),
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

  const download = async (shown: { from: number; to: number }) => {
    try {
      await downloadCsv(api, config, space, {
        propertyIds: chart.lines.map((l) => l.id),
        from: Math.floor(shown.from),
        to: Math.ceil(shown.to),
      });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The CSV could not be downloaded.');
    }
  };

  if (variables.length === 0) return <NoVariable />;
  const rangeForm = <ChartRangeForm custom={custom} onChange={setCustom} />;
  const state = results.some((r) => r.isPending)
    ? 'Loading…'
    : results.some(firstReadFailed)
      ? 'History could not be loaded'
      : chart.lines.length === 0
        ? 'No variable to chart'
        : null;
  // The period form stays while another period loads, so a custom one can always be left.
  if (state) {
    return (
      <>
        {custom && rangeForm}
        <p className="muted">{state}</p>
      </>
    );
  }
  const stale = results.find(reReadFailed);
  return (
    <>
      {rangeForm}
      {stale && <StaleNotice error={stale.error} />}
      <TimeSeriesChart
        title={widget.name || 'Chart'}
        embedded
        series={chart.lines}
        from={chart.from}
        to={chart.to}
        {...(chart.gapMs === undefined ? {} : { gapMs: chart.gapMs })}
        footerActions={(shown) => (
          <button
            type="button"
            className="button button-subtle button-small"
            onClick={() => void download(shown)}
          >
            Download CSV
          </button>
        )}
      />
    </>
  );
}

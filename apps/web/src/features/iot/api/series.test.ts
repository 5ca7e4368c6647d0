import type { AppConfig } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '@/lib/api.ts';
import { testConfig } from '../../../test/app-harness.tsx';
import { chartKindOf, seriesQueryOptions, type ThingSeries, toChartInput } from './series.ts';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, s)).toISOString();
const answer = (values: unknown[], times: string[]) => ({
  resp_version: 1,
  responses: [
    { status: 'ok', property_id: 'p1', property_name: 'count', property_type: 'INT', times, values },
  ],
});

describe('series for a bucketed range', () => {
  it("takes the chart's last value from the newest stored value, not the last bucket's average", async () => {
    const urls: string[] = [];
    const api = (async (url: string) => {
      urls.push(url);
      // The last bucket averages 19 and 20; the counter's newest stored value is 20.
      return url.endsWith('batch_query_raw') ? answer([20], [at(50)]) : answer([18, 19.5], [at(0), at(40)]);
    }) as ApiRequest;
    const options = seriesQueryOptions(api, testConfig as AppConfig, 's1', 't1', '1H');
    const data = await (options.queryFn as () => Promise<ThingSeries>)();
    expect(urls.sort()).toEqual(['/iot/v2/series/batch_query', '/iot/v2/series/batch_query_raw']);
    const [line] = data.series;
    expect(line?.points.map((p) => p.v)).toEqual([18, 19.5]);
    expect(line?.last).toEqual({ t: Date.parse(at(50)), v: 20 });
    expect(toChartInput(line as NonNullable<typeof line>)).toMatchObject({
      kind: 'integer',
      last: { v: 20 },
    });
  });
});

describe('chartKindOf', () => {
  it('draws integers as steps, booleans as bands and other numbers as lines', () => {
    expect(['INT', 'STATUS', 'FLOAT', 'TEMPERATURE_C'].map(chartKindOf)).toEqual([
      'integer',
      'boolean',
      'number',
      'number',
    ]);
  });
});

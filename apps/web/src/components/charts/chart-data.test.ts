import { describe, expect, it } from 'vitest';
import {
  buildChartModel,
  formatSeriesValue,
  legendEntries,
  readCursor,
  seriesSentence,
  seriesStats,
  type TimeSeriesInput,
  toUplotData,
} from './chart-data.ts';

const window = { from: 1000, to: 2000 };
const line = (
  id: string,
  points: [number, number][],
  kind: 'number' | 'boolean' = 'number',
): TimeSeriesInput => ({
  id,
  name: id,
  kind,
  points: points.map(([t, v]) => ({ t, v })),
});

describe('toUplotData', () => {
  it('puts one series in time order, drops points outside the window and keeps the last of a duplicate', () => {
    const data = toUplotData(
      [
        line('a', [
          [1750, 2],
          [500, 100],
          [1250, 1],
          [1750, 3],
          [2500, -100],
        ]),
      ],
      window,
    );
    expect(data).toEqual([
      [1250, 1750],
      [1, 3],
    ]);
  });

  it('aligns many series on one time axis, marking where a series has no point as undefined', () => {
    const data = toUplotData(
      [
        line('a', [
          [1000, 1],
          [1500, 2],
        ]),
        line(
          'b',
          [
            [1200, 0],
            [1500, 1],
          ],
          'boolean',
        ),
      ],
      window,
    );
    expect(data).toEqual([
      [1000, 1200, 1500],
      [1, undefined, 2],
      [undefined, 0, 1],
    ]);
  });

  it('lifts the pen (null) over gaps longer than gapMs, for that series only', () => {
    const data = toUplotData(
      [
        line('a', [
          [1000, 1],
          [1100, 2],
          [1700, 3],
        ]),
        line('b', [
          [1000, 5],
          [1400, 6],
        ]),
      ],
      window,
      250,
    );
    expect(data[0]).toEqual([1000, 1100, 1200, 1400, 1700]);
    // a: gap between 1100 and 1700 → null at 1400; b: gap between 1000 and 1400 → null at 1200.
    expect(data[1]).toEqual([1, 2, undefined, null, 3]);
    expect(data[2]).toEqual([5, undefined, null, 6, undefined]);
  });

  it('has only the time column without series, and empty columns without points', () => {
    expect(toUplotData([], window)).toEqual([[]]);
    expect(toUplotData([line('a', [])], window)).toEqual([[], []]);
  });
});

describe('figures and texts', () => {
  it('counts, ranges and the last value ignore gaps and missing points', () => {
    expect(seriesStats([undefined, 3, null, -1, 2, undefined])).toEqual({
      count: 3,
      min: -1,
      max: 3,
      last: 2,
    });
    expect(seriesStats([])).toEqual({ count: 0, min: null, max: null, last: null });
  });

  it('shows booleans as false/true (a mixed bucket as its share of true) and numbers in seven digits', () => {
    expect(formatSeriesValue('boolean', 0)).toBe('false');
    expect(formatSeriesValue('boolean', 1)).toBe('true');
    expect(formatSeriesValue('boolean', 0.25)).toBe('25% true');
    expect(formatSeriesValue('number', 0.1 + 0.2)).toBe('0.3');
    expect(formatSeriesValue('number', 21)).toBe('21');
    expect(formatSeriesValue('number', null)).toBe('–');
    expect(formatSeriesValue('boolean', undefined)).toBe('–');
  });

  it('says what a series holds in one sentence', () => {
    expect(seriesSentence('t', 'number', { count: 2, min: 20, max: 21.5, last: 21.5 })).toBe(
      't: 2 values from 20 to 21.5',
    );
    expect(seriesSentence('t', 'number', { count: 1, min: 4, max: 4, last: 4 })).toBe(
      't: 1 value from 4 to 4',
    );
    expect(seriesSentence('led', 'boolean', { count: 3, min: 0, max: 1, last: 0 })).toBe(
      'led: 3 values, last false',
    );
    expect(seriesSentence('t', 'number', { count: 0, min: null, max: null, last: null })).toBe(
      't: no values in this period',
    );
  });
});

describe('buildChartModel', () => {
  const series = [
    line('temperature', [
      [1200, 20],
      [1800, 21.5],
    ]),
    line('led', [[1500, 1]], 'boolean'),
    line('humidity', []),
  ];

  it('joins the sentences of its series into the summary', () => {
    const model = buildChartModel(series, window);
    expect(model.summary).toBe(
      'temperature: 2 values from 20 to 21.5; led: 1 value, last true; humidity: no values in this period',
    );
    expect(model.stats.map((s) => s.count)).toEqual([2, 1, 0]);
  });

  it('keeps its shape key when only values change, and changes it with the series', () => {
    const a = buildChartModel(series, window);
    const b = buildChartModel(
      [series[0] as TimeSeriesInput, line('led', [], 'boolean'), line('humidity', [])],
      {
        from: 0,
        to: 3000,
      },
    );
    expect(b.shapeKey).toBe(a.shapeKey);
    expect(buildChartModel([line('led', [], 'number')], window).shapeKey).not.toBe(
      buildChartModel([line('led', [], 'boolean')], window).shapeKey,
    );
  });
});

describe('legend', () => {
  const model = buildChartModel(
    [
      line('temperature', [
        [1200, 20],
        [1800, 21.5],
      ]),
      line('led', [[1500, 1]], 'boolean'),
    ],
    window,
  );

  it('shows the last values while the cursor is away', () => {
    expect(legendEntries(model, null).map((e) => [e.name, e.value, e.index])).toEqual([
      ['temperature', '21.5', 0],
      ['led', 'true', 1],
    ]);
  });

  it('shows each series at the cursor by uPlot per-series indexes', () => {
    // Columns: t [1200, 1500, 1800], temperature [20, undefined, 21.5], led [undefined, 1, undefined].
    const reading = readCursor(model.data, 1, [1, 0, 1]);
    expect(reading).toEqual({ t: 1500, values: [20, 1] });
    expect(legendEntries(model, reading).map((e) => e.value)).toEqual(['20', 'true']);
    expect(readCursor(model.data, null, [])).toBeNull();
    expect(readCursor(model.data, 0, [0, null, null])?.values).toEqual([null, null]);
  });
});

describe('the last value', () => {
  // An integer counter sent 19 then 20 inside the last bucket: its average is 19.5, never a stored value.
  const counter = (last?: { t: number; v: number } | null): TimeSeriesInput => ({
    ...line('counter', [
      [1100, 18],
      [1800, 19.5],
    ]),
    kind: 'integer',
    ...(last === undefined ? {} : { last }),
  });

  it('is the newest stored value, not the last bucket average', () => {
    const model = buildChartModel([counter({ t: 1850, v: 20 })], window);
    expect(model.stats[0]).toMatchObject({ count: 2, min: 18, max: 19.5, last: 20 });
    expect(legendEntries(model, null)[0]?.value).toBe('20');
  });

  it('is the last point for raw values (no stored value given), and when the stored one lies outside the window', () => {
    expect(buildChartModel([counter()], window).stats[0]?.last).toBe(19.5);
    expect(buildChartModel([counter(null)], window).stats[0]?.last).toBe(19.5);
    expect(buildChartModel([counter({ t: 2500, v: 21 })], window).stats[0]?.last).toBe(19.5);
  });
});

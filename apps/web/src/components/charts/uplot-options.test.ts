import type uPlot from 'uplot';
import { describe, expect, it, vi } from 'vitest';
import { buildChartModel, type TimeSeriesInput } from './chart-data.ts';
import type { ChartColours } from './chart-theme.ts';
import { plotOptions } from './uplot-options.ts';

const colours: ChartColours = {
  text: 'rgb(1, 1, 1)',
  grid: 'rgb(2, 2, 2)',
  series: ['rgb(10, 0, 0)', 'rgb(20, 0, 0)'],
};
const callbacks = { onCursor: vi.fn(), onScale: vi.fn(), onReset: vi.fn() };
const input = (name: string, kind: 'number' | 'boolean'): TimeSeriesInput => ({
  id: name,
  name,
  kind,
  points: [],
});
const optionsFor = (...series: TimeSeriesInput[]) =>
  plotOptions(buildChartModel(series, { from: 0, to: 1 }), { width: 400, height: 200 }, colours, callbacks);
const u = {} as uPlot;

describe('plotOptions', () => {
  it('draws numbers as lines on the value scale and booleans as steps on a 0/1 scale', () => {
    const options = optionsFor(
      input('temperature', 'number'),
      input('led', 'boolean'),
      input('rain', 'number'),
    );
    const [, temperature, led, rain] = options.series;
    expect(temperature?.scale).toBe('y');
    expect(temperature?.paths).toBeUndefined();
    expect(led?.scale).toBe('bool');
    expect(led?.paths).toBeTypeOf('function');
    // The palette repeats past its end.
    expect(
      [temperature, led, rain].map((s) =>
        (s?.stroke as ((u: uPlot, i: number) => string) | undefined)?.(u, 0),
      ),
    ).toEqual(['rgb(10, 0, 0)', 'rgb(20, 0, 0)', 'rgb(10, 0, 0)']);
    expect(options.scales?.bool?.range).toEqual([-0.1, 1.1]);
    expect(options.ms).toBe(1);
    expect(options.legend?.show).toBe(false);
    expect(options.cursor?.drag).toMatchObject({ x: true, y: false, setScale: true });
  });

  it('labels the boolean axis false/true, on the right beside numbers and on the left alone', () => {
    const mixed = optionsFor(input('temperature', 'number'), input('led', 'boolean'));
    expect(mixed.axes?.map((a) => [a.scale ?? 'x', a.side ?? 2])).toEqual([
      ['x', 2],
      ['y', 3],
      ['bool', 1],
    ]);
    const bool = mixed.axes?.[2] as uPlot.Axis;
    expect((bool.splits as () => number[])()).toEqual([0, 1]);
    expect((bool.values as (u: uPlot, s: number[]) => string[])(u, [0, 1])).toEqual(['false', 'true']);
    const alone = optionsFor(input('led', 'boolean'));
    expect(alone.axes?.map((a) => [a.scale ?? 'x', a.side ?? 2])).toEqual([
      ['x', 2],
      ['bool', 3],
    ]);
  });

  it('reads colours at draw time, so a theme change needs only a redraw', () => {
    const live = { ...colours, series: [...colours.series] };
    const options = plotOptions(
      buildChartModel([input('t', 'number')], { from: 0, to: 1 }),
      { width: 400, height: 200 },
      live,
      callbacks,
    );
    const stroke = options.series[1]?.stroke as (u: uPlot, i: number) => string;
    const axisStroke = options.axes?.[0]?.stroke as (u: uPlot, i: number) => string;
    Object.assign(live, { text: 'rgb(9, 9, 9)', series: ['rgb(99, 0, 0)'] });
    expect(stroke(u, 1)).toBe('rgb(99, 0, 0)');
    expect(axisStroke(u, 0)).toBe('rgb(9, 9, 9)');
  });

  it('sends a double-click to the reset callback instead of uPlot zooming to the data', () => {
    const options = optionsFor(input('t', 'number'));
    const listener = options.cursor?.bind?.dblclick?.(u, document.createElement('div'), () => null);
    listener?.(new MouseEvent('dblclick'));
    expect(callbacks.onReset).toHaveBeenCalledTimes(1);
  });
});

import type uPlot from 'uplot';
import { describe, expect, it, vi } from 'vitest';
import { buildChartModel, type SeriesKind, type TimeSeriesInput } from './chart-data.ts';
import type { ChartColours } from './chart-theme.ts';
import { TIME_INCRS } from './time-axis.ts';
import { plotOptions, translucent } from './uplot-options.ts';

const colours: ChartColours = {
  text: 'rgb(1, 1, 1)',
  grid: 'rgb(2, 2, 2)',
  series: ['rgb(10, 0, 0)', 'rgb(20, 0, 0)'],
};
const callbacks = {
  onCursor: vi.fn(),
  onScale: vi.fn(),
  onReset: vi.fn(),
  getWindow: () => ({ from: 0, to: 1 }),
};
const input = (name: string, kind: SeriesKind): TimeSeriesInput => ({
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

describe('steps, bands and the time axis', () => {
  it('draws integers as steps on the value scale and booleans as filled on/off bands', () => {
    const options = optionsFor(
      input('count', 'integer'),
      input('led', 'boolean'),
      input('temperature', 'number'),
    );
    const [, count, led, temperature] = options.series;
    expect(count?.scale).toBe('y');
    expect(count?.paths).toBeTypeOf('function');
    expect(count?.fill).toBeUndefined();
    expect(led?.paths).toBe(count?.paths);
    expect(led?.fillTo).toBe(0);
    expect((led?.fill as ((u: uPlot, i: number) => string) | undefined)?.(u, 2)).toBe('rgba(20, 0, 0, 0.35)');
    expect(temperature?.paths).toBeUndefined();
    // Integers share the number axis.
    expect(options.axes?.map((a) => a.scale ?? 'x')).toEqual(['x', 'y', 'bool']);
  });

  it('makes a colour translucent whatever form it comes in', () => {
    expect(translucent('rgb(1, 2, 3)')).toBe('rgba(1, 2, 3, 0.35)');
    expect(translucent('#0f766e')).toBe('#0f766e59');
    expect(translucent('oklch(0.5 0.1 200)')).toContain('color-mix(');
  });

  it('spaces time ticks by the plot width and the label width', () => {
    const axis = optionsFor(input('t', 'number')).axes?.[0] as uPlot.Axis;
    expect(axis.incrs).toEqual(TIME_INCRS);
    const space = axis.space as (u: uPlot, i: number, min: number, max: number, dim: number) => number;
    // Without a canvas (jsdom) labels are guessed at 7.5 px a character.
    const noCanvas = { ctx: null } as unknown as uPlot;
    const narrow = space(noCanvas, 0, 0, 300_000, 300);
    const wide = space(noCanvas, 0, 0, 300_000, 1300);
    expect(narrow).toBeGreaterThan(40);
    // The tick distance is a whole step's: 300 px for 5 minutes is 1 px a second.
    const narrowStep = (narrow + 0.01) * 1000;
    expect(TIME_INCRS).toContain(Math.round(narrowStep));
    expect((wide + 0.01) / 1300).toBeLessThan((narrow + 0.01) / 300);
  });

  it('zooms with the wheel and pans by drag through its plugin', () => {
    expect(optionsFor(input('t', 'number')).plugins?.[0]?.hooks.ready).toBeTypeOf('function');
  });
});

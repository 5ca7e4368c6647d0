import { describe, expect, it } from 'vitest';
import { type ChartFrame, chartGeometry, niceStep, timeTicks, valueDomain } from './chart-scale.ts';

const frame: ChartFrame = { width: 500, height: 220, padding: { top: 10, right: 20, bottom: 30, left: 40 } };
// Plot area: x 40..480, y 10..190.

/** The pen moves of an SVG path as [command, x, y]. */
const moves = (path: string) =>
  [...path.matchAll(/([ML])([\d.-]+) ([\d.-]+)/g)].map((m) => [m[1], Number(m[2]), Number(m[3])]);

describe('niceStep', () => {
  it('picks 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(10, 4)).toBe(5);
    expect(niceStep(7, 4)).toBe(2);
    expect(niceStep(0.3, 4)).toBe(0.1);
    expect(niceStep(950, 4)).toBe(500);
    expect(niceStep(1, 4)).toBe(0.5);
  });
});

describe('valueDomain', () => {
  it('widens the data range to whole steps', () => {
    expect(valueDomain([17.2, 23.9])).toEqual({ min: 16, max: 24, step: 2 });
    expect(valueDomain([-3, 4])).toEqual({ min: -4, max: 4, step: 2 });
  });

  it('gives a flat series a band around its value', () => {
    const { min, max } = valueDomain([20, 20, 20]);
    expect(min).toBeLessThan(20);
    expect(max).toBeGreaterThan(20);
    expect((min + max) / 2).toBe(20);
    const zero = valueDomain([0]);
    expect(zero.min).toBeLessThan(0);
    expect(zero.max).toBeGreaterThan(0);
  });

  it('has a unit range without data', () => {
    expect(valueDomain([])).toMatchObject({ min: 0, max: 1 });
  });
});

describe('timeTicks', () => {
  it('spreads ticks evenly with both ends included', () => {
    expect(timeTicks(0, 300, 4)).toEqual([0, 100, 200, 300]);
    expect(timeTicks(5, 5)).toEqual([5]);
  });
});

describe('chartGeometry', () => {
  const window = { from: 1000, to: 2000 };

  it('maps the window to the plot width and the value domain to its height', () => {
    const g = chartGeometry(
      [
        { t: 1000, v: 0 },
        { t: 1500, v: 5 },
        { t: 2000, v: 10 },
      ],
      window,
      frame,
    );
    expect(g.plot).toEqual({ left: 40, right: 480, top: 10, bottom: 190 });
    expect(moves(g.path)).toEqual([
      ['M', 40, 190],
      ['L', 260, 100],
      ['L', 480, 10],
    ]);
    expect(g.yTicks.map((t) => t.value)).toEqual([0, 5, 10]);
    expect(g.yTicks.map((t) => t.at)).toEqual([190, 100, 10]);
    expect(g.xTicks[0]).toEqual({ value: 1000, at: 40 });
    expect(g.xTicks.at(-1)).toEqual({ value: 2000, at: 480 });
  });

  it('sorts points by time and drops those outside the window', () => {
    const g = chartGeometry(
      [
        { t: 1750, v: 2 },
        { t: 500, v: 100 },
        { t: 1250, v: 1 },
        { t: 2500, v: -100 },
      ],
      window,
      frame,
    );
    expect(g.dots).toHaveLength(2);
    const [first, second] = moves(g.path);
    expect(first?.[1]).toBe(150);
    expect(second?.[1]).toBe(370);
    // The dropped extremes do not stretch the value axis.
    expect(g.yTicks[0]?.value).toBeGreaterThan(-100);
    expect(g.yTicks.at(-1)?.value).toBeLessThan(100);
  });

  it('lifts the pen over gaps longer than gapMs', () => {
    const points = [1000, 1100, 1200, 1700, 1800].map((t) => ({ t, v: 1 + (t % 300) / 100 }));
    const joined = chartGeometry(points, window, frame);
    expect(moves(joined.path).filter(([c]) => c === 'M')).toHaveLength(1);
    const split = chartGeometry(points, window, frame, { gapMs: 250 });
    expect(moves(split.path).map(([c]) => c)).toEqual(['M', 'L', 'L', 'M', 'L']);
  });

  it('keeps a flat line off the edges and draws nothing without points', () => {
    const flat = chartGeometry(
      [
        { t: 1200, v: 21.5 },
        { t: 1800, v: 21.5 },
      ],
      window,
      frame,
    );
    const ys = moves(flat.path).map(([, , y]) => y as number);
    expect(new Set(ys).size).toBe(1);
    expect(ys[0]).toBeGreaterThan(10 + 30);
    expect(ys[0]).toBeLessThan(190 - 30);
    const empty = chartGeometry([], window, frame);
    expect(empty.path).toBe('');
    expect(empty.dots).toEqual([]);
  });

  it('keeps tick values round despite floating-point steps', () => {
    const g = chartGeometry(
      [
        { t: 1000, v: 0.1 },
        { t: 2000, v: 0.7 },
      ],
      window,
      frame,
    );
    expect(g.yTicks.map((t) => t.value)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  });
});

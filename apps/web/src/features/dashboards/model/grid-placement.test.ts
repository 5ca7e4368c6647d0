import { describe, expect, it } from 'vitest';
import { type Cell, firstFreeCell, overlaps, resolveOverlaps } from './grid-placement.ts';

const cell = (i: string, x: number, y: number, w: number, h: number): Cell => ({ i, x, y, w, h });
const anyOverlap = (cells: readonly Cell[]) =>
  cells.some((a, n) => cells.some((b, m) => m !== n && overlaps(a, b)));

describe('firstFreeCell', () => {
  it('takes the top-left corner of an empty grid', () => {
    expect(firstFreeCell([], { w: 3, h: 3 }, 12)).toEqual({ x: 0, y: 0, w: 3, h: 3 });
  });

  it('fills a row left to right before starting the next', () => {
    const cells = [cell('a', 0, 0, 3, 3), cell('b', 3, 0, 6, 4)];
    expect(firstFreeCell(cells, { w: 2, h: 2 }, 12)).toEqual({ x: 9, y: 0, w: 2, h: 2 });
    // Four columns do not fit beside them on rows 0..3: the first row they fit on is under the gauge's
    // column and left of nothing, row 4 (row 3 is still covered by b from column 3).
    expect(firstFreeCell(cells, { w: 4, h: 2 }, 12)).toEqual({ x: 0, y: 4, w: 4, h: 2 });
    expect(firstFreeCell(cells, { w: 3, h: 1 }, 12)).toEqual({ x: 9, y: 0, w: 3, h: 1 });
  });

  it('finds a gap between widgets that fits, and passes over one that is too small', () => {
    const cells = [cell('a', 0, 0, 2, 2), cell('b', 4, 0, 8, 2), cell('c', 0, 2, 12, 2)];
    expect(firstFreeCell(cells, { w: 2, h: 2 }, 12)).toEqual({ x: 2, y: 0, w: 2, h: 2 });
    expect(firstFreeCell(cells, { w: 3, h: 2 }, 12)).toEqual({ x: 0, y: 4, w: 3, h: 2 });
    // Two rows high does not fit a one-row gap.
    expect(firstFreeCell([cell('a', 0, 1, 12, 1)], { w: 2, h: 2 }, 12)).toEqual({ x: 0, y: 2, w: 2, h: 2 });
  });

  it('honours the layout’s columns: a widget wider than the phone grid is cut to it', () => {
    expect(firstFreeCell([cell('a', 0, 0, 2, 2)], { w: 2, h: 2 }, 4)).toEqual({ x: 2, y: 0, w: 2, h: 2 });
    expect(firstFreeCell([cell('a', 0, 0, 2, 2)], { w: 6, h: 4 }, 4)).toEqual({ x: 0, y: 2, w: 4, h: 4 });
  });

  it('never lands on a widget, for every kind size in a full palette run', () => {
    const sizes = [
      [2, 2],
      [4, 2],
      [3, 2],
      [3, 3],
      [4, 4],
      [6, 4],
      [2, 2],
      [3, 3],
    ];
    for (const cols of [12, 4]) {
      const cells: Cell[] = [];
      for (const [n, [w, h]] of sizes.entries())
        cells.push({ i: String(n), ...firstFreeCell(cells, { w: w as number, h: h as number }, cols) });
      expect(anyOverlap(cells)).toBe(false);
      expect(cells.every((c) => c.x + c.w <= cols)).toBe(true);
    }
  });
});

describe('resolveOverlaps', () => {
  it('leaves a layout without overlaps as it is, gaps included', () => {
    const cells = [cell('a', 0, 0, 3, 3), cell('b', 6, 5, 2, 2)];
    expect(resolveOverlaps(cells, 12)).toEqual(cells);
  });

  it('moves a widget a corner resize covered down under the resized one, and what is under it in turn', () => {
    // The gauge grew over the switch beside it; the chart under the switch must make room too.
    const cells = [cell('gauge', 0, 0, 5, 4), cell('switch', 3, 0, 2, 2), cell('chart', 3, 2, 6, 4)];
    const resolved = resolveOverlaps(cells, 12);
    expect(anyOverlap(resolved)).toBe(false);
    expect(resolved).toEqual([
      cell('gauge', 0, 0, 5, 4),
      cell('switch', 3, 4, 2, 2),
      cell('chart', 3, 6, 6, 4),
    ]);
  });

  it('keeps widgets inside the columns and at least one cell big', () => {
    expect(resolveOverlaps([cell('a', 10, -1, 5, 0)], 12)).toEqual([cell('a', 7, 0, 5, 1)]);
    expect(resolveOverlaps([cell('a', 3, 0, 6, 2), cell('b', 0, 0, 1, 1)], 4)).toEqual([
      cell('a', 0, 0, 4, 2),
      cell('b', 0, 2, 1, 1),
    ]);
  });

  it('separates widgets stacked on the same cell, keeping their order', () => {
    const resolved = resolveOverlaps(
      [cell('a', 0, 0, 2, 2), cell('b', 0, 0, 2, 2), cell('c', 0, 0, 2, 2)],
      12,
    );
    expect(resolved.map((c) => [c.i, c.y])).toEqual([
      ['a', 0],
      ['b', 2],
      ['c', 4],
    ]);
  });
});

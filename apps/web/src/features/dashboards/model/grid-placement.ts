/** One cell rectangle, as the grid library names it: column x, row y, w columns wide, h rows high. */
export interface Cell {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export const overlaps = (a: Cell, b: Cell) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

export const bottomOf = (cells: readonly { y: number; h: number }[]) =>
  cells.reduce((bottom, c) => Math.max(bottom, c.y + c.h), 0);

/**
 * Where a new w×h widget goes: the first place no widget covers, scanning rows top to bottom and columns
 * left to right within the layout's columns (a widget wider than the grid is made as wide as the grid).
 * Under everything else when no gap fits it.
 */
export function firstFreeCell(cells: readonly Cell[], size: { w: number; h: number }, cols: number) {
  const w = Math.max(1, Math.min(size.w, cols));
  const h = Math.max(1, size.h);
  const bottom = bottomOf(cells);
  for (let y = 0; y < bottom; y++)
    for (let x = 0; x + w <= cols; x++) {
      const candidate = { i: '', x, y, w, h };
      if (!cells.some((c) => overlaps(c, candidate))) return { x, y, w, h };
    }
  return { x: 0, y: bottom, w, h };
}

/**
 * The cells with one of them placed where the maker put it and the others it now covers pushed down under
 * it (and under each other), top to bottom, as a drag in the grid does.
 */
export function pushDownFrom(cells: readonly Cell[], placed: Cell): Cell[] {
  const settled = [placed];
  const others = cells.filter((c) => c.i !== placed.i).sort((a, b) => a.y - b.y || a.x - b.x);
  for (const other of others) {
    let cell = other;
    for (let hit = settled.find((s) => overlaps(s, cell)); hit; hit = settled.find((s) => overlaps(s, cell)))
      cell = { ...cell, y: hit.y + hit.h };
    settled.push(cell);
  }
  return settled;
}

/**
 * The cells kept inside the columns (at least 1×1) and with no two overlapping: top to bottom, left to
 * right, a cell that covers one settled before it moves down under it. Cells already apart keep their
 * places, so a layout without overlaps comes back unchanged. In the cells' own order.
 */
export function resolveOverlaps(cells: readonly Cell[], cols: number): Cell[] {
  const bounded = cells.map((c) => {
    const w = Math.max(1, Math.min(c.w, cols));
    return { ...c, w, h: Math.max(1, c.h), x: Math.max(0, Math.min(c.x, cols - w)), y: Math.max(0, c.y) };
  });
  const [first, ...rest] = [...bounded].sort((a, b) => a.y - b.y || a.x - b.x);
  if (!first) return [];
  const byId = new Map(pushDownFrom(rest, first).map((c) => [c.i, c]));
  return bounded.map((c) => byId.get(c.i) ?? c);
}

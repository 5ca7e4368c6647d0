import type { WidgetRequest } from '@tinkercloud/shared/iot';
import type { LinkedVariable, Widget } from '../api/dashboard-schemas.ts';
import type { WidgetKind } from './widget-kinds.ts';
import { inLayoutOrder } from './widget-order.ts';

/** The two layouts a dashboard keeps (the API's x/y/width/height and their *_mobile twins). */
export type LayoutMode = 'desktop' | 'mobile';
export const COLUMNS: Record<LayoutMode, number> = { desktop: 12, mobile: 4 };

/** A widget as the editor holds it: both layouts always set, its variables as the page shows them. */
export type EditorWidget = {
  id: string;
  type: string;
  name: string;
  options: Record<string, unknown>;
  x: number;
  y: number;
  width: number;
  height: number;
  x_mobile: number;
  y_mobile: number;
  width_mobile: number;
  height_mobile: number;
  variables: LinkedVariable[];
};

/** One cell rectangle, as the grid library names it. */
export interface Cell {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const bottomOf = (cells: readonly { y: number; h: number }[]) =>
  cells.reduce((bottom, c) => Math.max(bottom, c.y + c.h), 0);

/**
 * The dashboard's widgets for editing. A widget without a phone layout (made by the API or before there was
 * one) is stacked full width under the others on the phone, in the desktop reading order.
 */
export function toEditorWidgets(widgets: readonly Widget[]): EditorWidget[] {
  let stack = bottomOf(
    widgets
      .filter((w) => w.y_mobile !== undefined && w.height_mobile !== undefined)
      .map((w) => ({ y: w.y_mobile ?? 0, h: w.height_mobile ?? 0 })),
  );
  const placed = new Map<string, EditorWidget>();
  for (const w of inLayoutOrder(widgets)) {
    const hasMobile =
      w.x_mobile !== undefined &&
      w.y_mobile !== undefined &&
      w.width_mobile !== undefined &&
      w.height_mobile !== undefined;
    const mobile = hasMobile
      ? { x: w.x_mobile ?? 0, y: w.y_mobile ?? 0, w: w.width_mobile ?? 1, h: w.height_mobile ?? 1 }
      : { x: 0, y: stack, w: COLUMNS.mobile, h: w.height };
    if (!hasMobile) stack += w.height;
    placed.set(w.id, {
      id: w.id,
      type: w.type,
      name: w.name ?? '',
      options: w.options ?? {},
      x: w.x,
      y: w.y,
      width: w.width,
      height: w.height,
      x_mobile: mobile.x,
      y_mobile: mobile.y,
      width_mobile: Math.min(mobile.w, COLUMNS.mobile),
      height_mobile: mobile.h,
      variables: w.variables ?? [],
    });
  }
  return widgets.map((w) => placed.get(w.id) as EditorWidget);
}

/** The cells of one layout. */
export function cellsOf(widgets: readonly EditorWidget[], mode: LayoutMode): Cell[] {
  return widgets.map((w) =>
    mode === 'desktop'
      ? { i: w.id, x: w.x, y: w.y, w: w.width, h: w.height }
      : { i: w.id, x: w.x_mobile, y: w.y_mobile, w: w.width_mobile, h: w.height_mobile },
  );
}

const sameCell = (w: EditorWidget, c: Cell, mode: LayoutMode) =>
  mode === 'desktop'
    ? w.x === c.x && w.y === c.y && w.width === c.w && w.height === c.h
    : w.x_mobile === c.x && w.y_mobile === c.y && w.width_mobile === c.w && w.height_mobile === c.h;

/** The widgets with one layout's cells replaced; the same array when nothing moved (no undo step). */
export function withCells(
  widgets: readonly EditorWidget[],
  cells: readonly Cell[],
  mode: LayoutMode,
): readonly EditorWidget[] {
  const byId = new Map(cells.map((c) => [c.i, c]));
  if (widgets.every((w) => !byId.has(w.id) || sameCell(w, byId.get(w.id) as Cell, mode))) return widgets;
  return widgets.map((w) => {
    const c = byId.get(w.id);
    if (!c) return w;
    return mode === 'desktop'
      ? { ...w, x: c.x, y: c.y, width: c.w, height: c.h }
      : { ...w, x_mobile: c.x, y_mobile: c.y, width_mobile: c.w, height_mobile: c.h };
  });
}

/** A new widget of a kind, under everything else on both layouts (full width on the phone). */
export function addWidget(widgets: readonly EditorWidget[], kind: WidgetKind, id: string): EditorWidget[] {
  const desktop = cellsOf(widgets, 'desktop');
  const mobile = cellsOf(widgets, 'mobile');
  return [
    ...widgets,
    {
      id,
      type: kind.type,
      name: kind.label,
      options: kind.range ? { min: 0, max: 100 } : {},
      x: 0,
      y: bottomOf(desktop),
      width: Math.min(kind.size.w, COLUMNS.desktop),
      height: kind.size.h,
      x_mobile: 0,
      y_mobile: bottomOf(mobile),
      width_mobile: COLUMNS.mobile,
      height_mobile: kind.size.h,
      variables: [],
    },
  ];
}

export function removeWidget(widgets: readonly EditorWidget[], id: string): EditorWidget[] {
  return widgets.filter((w) => w.id !== id);
}

export function replaceWidget(widgets: readonly EditorWidget[], next: EditorWidget): EditorWidget[] {
  return widgets.map((w) => (w.id === next.id ? next : w));
}

/** A keyboard step: move by (dx, dy) or grow by (dw, dh) cells, kept inside the columns and at least 1×1. */
export interface Nudge {
  dx?: number;
  dy?: number;
  dw?: number;
  dh?: number;
}

export function nudgeWidget(
  widgets: readonly EditorWidget[],
  id: string,
  mode: LayoutMode,
  { dx = 0, dy = 0, dw = 0, dh = 0 }: Nudge,
): readonly EditorWidget[] {
  const cell = cellsOf(widgets, mode).find((c) => c.i === id);
  if (!cell) return widgets;
  const cols = COLUMNS[mode];
  const w = Math.min(cols, Math.max(1, cell.w + dw));
  const h = Math.max(1, cell.h + dh);
  const x = Math.min(cols - w, Math.max(0, cell.x + dx));
  const y = Math.max(0, cell.y + dy);
  return withCells(widgets, pushDownFrom(cellsOf(widgets, mode), { i: id, x, y, w, h }), mode);
}

const overlaps = (a: Cell, b: Cell) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

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

/** The arrow key's step: arrows move, Shift+arrows resize; null for other keys. */
export function nudgeForKey(key: string, shift: boolean): Nudge | null {
  const step: Record<string, [number, number]> = {
    ArrowLeft: [-1, 0],
    ArrowRight: [1, 0],
    ArrowUp: [0, -1],
    ArrowDown: [0, 1],
  };
  const d = step[key];
  if (!d) return null;
  return shift ? { dw: d[0], dh: d[1] } : { dx: d[0], dy: d[1] };
}

/** The widgets as `PUT /iot/v2/dashboards/{id}` takes them: both layouts and the linked variables' ids. */
export function toWidgetPayload(widgets: readonly EditorWidget[]): WidgetRequest[] {
  return widgets.map(({ variables, name, ...w }) => ({
    ...w,
    ...(name.trim() ? { name: name.trim() } : {}),
    variables: variables.map((v) => v.id),
  }));
}

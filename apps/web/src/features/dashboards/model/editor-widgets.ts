import type { WidgetRequest } from '@tinkercloud/shared/iot';
import type { LinkedVariable, Widget } from '../api/dashboard-schemas.ts';
import { bottomOf, type Cell, firstFreeCell, pushDownFrom, resolveOverlaps } from './grid-placement.ts';
import type { WidgetKind } from './widget-kinds.ts';
import { inLayoutOrder } from './widget-order.ts';

export { type Cell, pushDownFrom } from './grid-placement.ts';

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

/**
 * A new widget of a kind, not yet in the list: on each layout in the first free place that fits it (see
 * `firstFreeCell`), at the kind's size cut to the layout's columns.
 */
export function newWidget(widgets: readonly EditorWidget[], kind: WidgetKind, id: string): EditorWidget {
  const desktop = firstFreeCell(cellsOf(widgets, 'desktop'), kind.size, COLUMNS.desktop);
  const mobile = firstFreeCell(cellsOf(widgets, 'mobile'), kind.size, COLUMNS.mobile);
  return {
    id,
    type: kind.type,
    name: kind.label,
    options: kind.range ? { min: 0, max: 100 } : {},
    x: desktop.x,
    y: desktop.y,
    width: desktop.w,
    height: desktop.h,
    x_mobile: mobile.x,
    y_mobile: mobile.y,
    width_mobile: mobile.w,
    height_mobile: mobile.h,
    variables: [],
  };
}

/** The widgets with a new one of a kind added (see `newWidget`). */
export function addWidget(widgets: readonly EditorWidget[], kind: WidgetKind, id: string): EditorWidget[] {
  return [...widgets, newWidget(widgets, kind, id)];
}

/**
 * The widgets after a drag or a resize in the grid ended: the widget the maker moved stays where it was
 * put and the ones it now covers go down under it (the grid itself lets a corner resize overlap).
 */
export function afterGesture(
  widgets: readonly EditorWidget[],
  cells: readonly Cell[],
  moved: Cell | null,
  mode: LayoutMode,
): readonly EditorWidget[] {
  const placed = moved && cells.find((c) => c.i === moved.i);
  return withCells(widgets, placed ? pushDownFrom(cells, placed) : cells, mode);
}

/** The widgets with no two overlapping on either layout (see `resolveOverlaps`): what a save sends. */
export function withoutOverlaps(widgets: readonly EditorWidget[]): readonly EditorWidget[] {
  const desktop = withCells(
    widgets,
    resolveOverlaps(cellsOf(widgets, 'desktop'), COLUMNS.desktop),
    'desktop',
  );
  return withCells(desktop, resolveOverlaps(cellsOf(desktop, 'mobile'), COLUMNS.mobile), 'mobile');
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

/**
 * The widgets as `PUT /iot/v2/dashboards/{id}` takes them: both layouts, without overlaps, and the linked
 * variables' ids.
 */
export function toWidgetPayload(widgets: readonly EditorWidget[]): WidgetRequest[] {
  // Never two widgets over each other, whatever the gestures left.
  return withoutOverlaps(widgets).map(({ variables, name, ...w }) => ({
    ...w,
    ...(name.trim() ? { name: name.trim() } : {}),
    variables: variables.map((v) => v.id),
  }));
}

import { describe, expect, it } from 'vitest';
import type { Widget } from '../api/dashboard-schemas.ts';
import {
  addWidget,
  afterGesture,
  type Cell,
  cellsOf,
  type EditorWidget,
  nudgeForKey,
  nudgeWidget,
  pushDownFrom,
  removeWidget,
  toEditorWidgets,
  toWidgetPayload,
  withCells,
  withoutOverlaps,
} from './editor-widgets.ts';
import { type WidgetKind, widgetKindOf } from './widget-kinds.ts';

const gauge = widgetKindOf('gauge') as WidgetKind;
const widget = (id: string, x: number, y: number, more: Partial<Widget> = {}): Widget => ({
  id,
  type: 'value',
  x,
  y,
  width: 2,
  height: 2,
  ...more,
});

describe('toEditorWidgets', () => {
  it('keeps a stored phone layout and stacks widgets without one under it, in reading order', () => {
    const widgets = toEditorWidgets([
      widget('b', 2, 0),
      widget('placed', 0, 4, { x_mobile: 0, y_mobile: 0, width_mobile: 4, height_mobile: 3 }),
      widget('a', 0, 0, { height: 1 }),
    ]);
    expect(cellsOf(widgets, 'mobile')).toEqual([
      { i: 'b', x: 0, y: 4, w: 4, h: 2 },
      { i: 'placed', x: 0, y: 0, w: 4, h: 3 },
      { i: 'a', x: 0, y: 3, w: 4, h: 1 },
    ]);
    expect(cellsOf(widgets, 'desktop')[0]).toEqual({ i: 'b', x: 2, y: 0, w: 2, h: 2 });
  });
});

describe('addWidget', () => {
  it('puts a new widget in the first free place of each layout, with the kind size and a 0..100 range', () => {
    const start = toEditorWidgets([widget('a', 0, 0, { height: 3 })]);
    const next = addWidget(start, gauge, 'new');
    expect(next.at(-1)).toMatchObject({
      id: 'new',
      type: 'gauge',
      name: 'Gauge',
      options: { min: 0, max: 100 },
      // Beside the 2-wide widget on the desktop; on the phone (4 columns, 'a' full width) under it.
      x: 2,
      y: 0,
      width: 3,
      height: 3,
      x_mobile: 0,
      y_mobile: 3,
      width_mobile: 3,
      height_mobile: 3,
    });
    expect(start).toHaveLength(1);
  });

  it('fills the rows of a fresh dashboard instead of stacking everything in the first column', () => {
    let widgets: EditorWidget[] = [];
    for (const [n, type] of ['gauge', 'chart', 'switch', 'switch', 'slider'].entries())
      widgets = addWidget(widgets, widgetKindOf(type) as WidgetKind, `w${n}`);
    expect(cellsOf(widgets, 'desktop')).toEqual([
      { i: 'w0', x: 0, y: 0, w: 3, h: 3 },
      { i: 'w1', x: 3, y: 0, w: 6, h: 4 },
      { i: 'w2', x: 9, y: 0, w: 2, h: 2 },
      { i: 'w3', x: 9, y: 2, w: 2, h: 2 },
      { i: 'w4', x: 0, y: 4, w: 4, h: 2 },
    ]);
    expect(cellsOf(widgets, 'mobile').map((c) => [c.x, c.y, c.w])).toEqual([
      [0, 0, 3],
      [0, 3, 4],
      [0, 7, 2],
      [2, 7, 2],
      [0, 9, 4],
    ]);
  });
});

describe('afterGesture', () => {
  it('pushes down what a corner resize covered, keeping the resized widget where it is', () => {
    const start = toEditorWidgets([widget('gauge', 0, 0), widget('next', 2, 0)]);
    // The grid reports the gauge grown over its neighbour (it does not move others on a corner resize).
    const cells = [
      { i: 'gauge', x: 0, y: 0, w: 4, h: 3 },
      { i: 'next', x: 2, y: 0, w: 2, h: 2 },
    ];
    const after = afterGesture(start, cells, cells[0] as Cell, 'desktop');
    expect(cellsOf(after, 'desktop')).toEqual([
      { i: 'gauge', x: 0, y: 0, w: 4, h: 3 },
      { i: 'next', x: 2, y: 3, w: 2, h: 2 },
    ]);
    expect(cellsOf(after, 'mobile')).toEqual(cellsOf(start, 'mobile'));
  });
});

describe('withoutOverlaps', () => {
  it('separates overlapping widgets on both layouts and leaves apart ones alone', () => {
    const start = toEditorWidgets([
      widget('a', 0, 0, { width: 4, height: 3, x_mobile: 0, y_mobile: 0, width_mobile: 4, height_mobile: 2 }),
      widget('b', 2, 1, { x_mobile: 1, y_mobile: 1, width_mobile: 2, height_mobile: 2 }),
      widget('c', 8, 0, { x_mobile: 0, y_mobile: 6, width_mobile: 4, height_mobile: 1 }),
    ]);
    const apart = withoutOverlaps(start);
    expect(cellsOf(apart, 'desktop')).toEqual([
      { i: 'a', x: 0, y: 0, w: 4, h: 3 },
      { i: 'b', x: 2, y: 3, w: 2, h: 2 },
      { i: 'c', x: 8, y: 0, w: 2, h: 2 },
    ]);
    expect(cellsOf(apart, 'mobile')).toEqual([
      { i: 'a', x: 0, y: 0, w: 4, h: 2 },
      { i: 'b', x: 1, y: 2, w: 2, h: 2 },
      { i: 'c', x: 0, y: 6, w: 4, h: 1 },
    ]);
    expect(withoutOverlaps(apart)).toBe(apart);
  });
});

describe('withCells', () => {
  it('changes only the layout being edited', () => {
    const start = toEditorWidgets([widget('a', 0, 0)]);
    const moved = withCells(start, [{ i: 'a', x: 5, y: 1, w: 3, h: 4 }], 'mobile');
    expect(cellsOf(moved, 'mobile')).toEqual([{ i: 'a', x: 5, y: 1, w: 3, h: 4 }]);
    expect(cellsOf(moved, 'desktop')).toEqual([{ i: 'a', x: 0, y: 0, w: 2, h: 2 }]);
  });

  it('answers the same array when nothing moved, so no undo step is recorded', () => {
    const start = toEditorWidgets([widget('a', 0, 0)]);
    expect(withCells(start, cellsOf(start, 'desktop'), 'desktop')).toBe(start);
  });
});

describe('nudgeWidget', () => {
  const start = toEditorWidgets([widget('a', 0, 0)]);

  it('moves by arrows and resizes by Shift+arrows', () => {
    expect(nudgeForKey('ArrowRight', false)).toEqual({ dx: 1, dy: 0 });
    expect(nudgeForKey('ArrowDown', true)).toEqual({ dw: 0, dh: 1 });
    expect(nudgeForKey('Enter', false)).toBeNull();
    const moved = nudgeWidget(start, 'a', 'desktop', { dx: 1, dy: 2 });
    expect(cellsOf(moved, 'desktop')[0]).toEqual({ i: 'a', x: 1, y: 2, w: 2, h: 2 });
    const grown = nudgeWidget(start, 'a', 'desktop', { dw: 1, dh: 1 });
    expect(cellsOf(grown, 'desktop')[0]).toEqual({ i: 'a', x: 0, y: 0, w: 3, h: 3 });
  });

  it('keeps the widget inside the columns and at least one cell big', () => {
    expect(nudgeWidget(start, 'a', 'desktop', { dx: -1, dy: -1 })).toBe(start);
    expect(cellsOf(nudgeWidget(start, 'a', 'desktop', { dw: -5 }), 'desktop')[0]?.w).toBe(1);
    expect(cellsOf(nudgeWidget(start, 'a', 'mobile', { dx: 3 }), 'mobile')[0]?.x).toBe(0);
    expect(cellsOf(nudgeWidget(start, 'a', 'mobile', { dw: 9 }), 'mobile')[0]?.w).toBe(4);
  });
});

describe('pushDownFrom', () => {
  it('pushes the widgets a moved one now covers under it, and those under them in turn', () => {
    const cells = [
      { i: 'a', x: 0, y: 0, w: 4, h: 2 },
      { i: 'b', x: 0, y: 2, w: 4, h: 2 },
      { i: 'c', x: 0, y: 4, w: 4, h: 1 },
      { i: 'side', x: 6, y: 0, w: 2, h: 2 },
    ];
    expect(pushDownFrom(cells, { i: 'a', x: 0, y: 0, w: 4, h: 3 })).toEqual([
      { i: 'a', x: 0, y: 0, w: 4, h: 3 },
      { i: 'side', x: 6, y: 0, w: 2, h: 2 },
      { i: 'b', x: 0, y: 3, w: 4, h: 2 },
      { i: 'c', x: 0, y: 5, w: 4, h: 1 },
    ]);
  });

  it('is what a keyboard resize does to the widgets below', () => {
    const start = toEditorWidgets([widget('a', 0, 0), widget('b', 0, 2)]);
    const grown = nudgeWidget(start, 'a', 'desktop', { dh: 1 });
    expect(cellsOf(grown, 'desktop')).toEqual([
      { i: 'a', x: 0, y: 0, w: 2, h: 3 },
      { i: 'b', x: 0, y: 3, w: 2, h: 2 },
    ]);
  });
});

describe('toWidgetPayload', () => {
  it('never sends two widgets over each other', () => {
    const payload = toWidgetPayload(toEditorWidgets([widget('a', 0, 0), widget('b', 1, 1)]));
    expect(payload.map((w) => [w.id, w.x, w.y])).toEqual([
      ['a', 0, 0],
      ['b', 1, 2],
    ]);
  });

  it('sends both layouts, the trimmed name and the ids of the linked variables', () => {
    const [w] = toEditorWidgets([
      widget('a', 1, 2, {
        name: ' Heat ',
        options: { min: 0 },
        variables: [{ id: 'v1', name: 'temp', type: 'FLOAT', permission: 'READ_ONLY', thing_id: 't1' }],
      }),
    ]);
    expect(toWidgetPayload(removeWidget([w as never], 'other'))).toEqual([
      {
        id: 'a',
        type: 'value',
        name: 'Heat',
        options: { min: 0 },
        x: 1,
        y: 2,
        width: 2,
        height: 2,
        x_mobile: 0,
        y_mobile: 0,
        width_mobile: 4,
        height_mobile: 2,
        variables: ['v1'],
      },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { inLayoutOrder } from './widget-order.ts';

describe('inLayoutOrder', () => {
  it('orders widgets row by row, then left to right', () => {
    const widgets = [
      { id: 'chart', x: 0, y: 2 },
      { id: 'led', x: 6, y: 0 },
      { id: 'messages', x: 6, y: 2 },
      { id: 'temperature', x: 0, y: 0 },
    ];
    expect(inLayoutOrder(widgets).map((w) => w.id)).toEqual(['temperature', 'led', 'chart', 'messages']);
    expect(widgets[0]?.id).toBe('chart');
  });
});

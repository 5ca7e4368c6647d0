import { describe, expect, it } from 'vitest';
import {
  fractionOf,
  rangeOf,
  variablesFor,
  WIDGET_KINDS,
  type WidgetKind,
  widgetKindOf,
} from './widget-kinds.ts';

const kind = (type: string) => widgetKindOf(type) as WidgetKind;
const variables = [
  { id: 'led', type: 'HOME_SWITCH', permission: 'READ_WRITE' },
  { id: 'button', type: 'STATUS', permission: 'READ_ONLY' },
  { id: 'temp', type: 'TEMPERATURE_C', permission: 'READ_ONLY' },
  { id: 'speed', type: 'INT', permission: 'READ_WRITE' },
  { id: 'message', type: 'CHARSTRING', permission: 'READ_WRITE' },
  { id: 'place', type: 'LOCATION', permission: 'READ_ONLY' },
];
const ids = (type: string) => variablesFor(kind(type), variables).map((v) => v.id);

describe('widget palette', () => {
  it('offers the ten kinds of the editor', () => {
    expect(WIDGET_KINDS.map((k) => k.label)).toEqual([
      'Switch',
      'Push button',
      'Slider',
      'Value',
      'Status (LED)',
      'Gauge',
      'Percentage',
      'Chart',
      'Messenger',
      'Sticky note',
    ]);
  });

  it('offers each kind only the variables it can show, and writing kinds only writable ones', () => {
    expect(ids('switch')).toEqual(['led']);
    expect(ids('led')).toEqual(['led', 'button']);
    expect(ids('slider')).toEqual(['speed']);
    expect(ids('gauge')).toEqual(['temp', 'speed']);
    expect(ids('chart')).toEqual(['temp', 'speed']);
    expect(ids('messenger')).toEqual(['message']);
    expect(ids('value')).toEqual(['led', 'button', 'temp', 'speed', 'message']);
    expect(ids('sticky_note')).toEqual([]);
  });

  it('reads the range of a gauge or slider and places a value in it', () => {
    expect(rangeOf({})).toEqual({ min: 0, max: 100 });
    expect(rangeOf({ min: -10, max: 40 })).toEqual({ min: -10, max: 40 });
    expect(rangeOf({ min: 5, max: 5 })).toEqual({ min: 5, max: 6 });
    expect(fractionOf(15, { min: -10, max: 40 })).toBe(0.5);
    expect(fractionOf(99, { min: 0, max: 10 })).toBe(1);
    expect(fractionOf('x', { min: 0, max: 10 })).toBe(0);
  });
});

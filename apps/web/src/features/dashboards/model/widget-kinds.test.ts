import { describe, expect, it } from 'vitest';
import {
  fractionOf,
  isDisplayOnly,
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
  { id: 'tint', type: 'COLOR_HSB', permission: 'READ_WRITE' },
  { id: 'rgb', type: 'COLOR_RGB', permission: 'READ_WRITE' },
  { id: 'dimmer', type: 'HOME_DIMMED_LIGHT', permission: 'READ_WRITE' },
  { id: 'lamp', type: 'HOME_COLORED_LIGHT', permission: 'READ_WRITE' },
  { id: 'watering', type: 'SCHEDULE', permission: 'READ_WRITE' },
  { id: 'alarm', type: 'TIME', permission: 'READ_WRITE' },
];
const ids = (type: string) => variablesFor(kind(type), variables).map((v) => v.id);

describe('widget palette', () => {
  it('offers every widget kind of the issue', () => {
    expect(WIDGET_KINDS.map((k) => k.label)).toEqual([
      'Switch',
      'Push button',
      'Slider',
      'Stepper',
      'Value',
      'Value selector',
      'Value dropdown',
      'Status (LED)',
      'Gauge',
      'Percentage',
      'Messenger',
      'Color',
      'Dimmed light',
      'Colored light',
      'Map',
      'Advanced map',
      'Chart',
      'Advanced chart',
      'Scheduler',
      'Time picker',
      'Image',
      'Sticky note',
    ]);
  });

  it('offers each kind only the variables of a type it can show, read-only ones included', () => {
    expect(ids('switch')).toEqual(['led', 'button']);
    expect(ids('led')).toEqual(['led', 'button']);
    expect(ids('slider')).toEqual(['temp', 'speed', 'alarm']);
    expect(ids('stepper')).toEqual(['temp', 'speed', 'alarm']);
    expect(ids('gauge')).toEqual(['temp', 'speed', 'alarm']);
    expect(ids('chart')).toEqual(['temp', 'speed', 'alarm']);
    expect(ids('messenger')).toEqual(['message']);
    expect(ids('value')).toEqual(['led', 'button', 'temp', 'speed', 'message', 'alarm']);
    expect(ids('value_selector')).toEqual(['temp', 'speed', 'message', 'alarm']);
    expect(ids('value_dropdown')).toEqual(['temp', 'speed', 'message', 'alarm']);
    expect(ids('color')).toEqual(['tint', 'rgb']);
    expect(ids('dimmed_light')).toEqual(['dimmer']);
    expect(ids('colored_light')).toEqual(['lamp']);
    expect(ids('map')).toEqual(['place']);
    expect(ids('advanced_map')).toEqual(['place']);
    expect(ids('scheduler')).toEqual(['watering']);
    expect(ids('time_picker')).toEqual(['alarm']);
    expect(ids('sticky_note')).toEqual([]);
    expect(ids('image')).toEqual([]);
  });

  it('lets an advanced chart link five variables and every other kind one', () => {
    expect(kind('advanced_chart').maxVariables).toBe(5);
    expect(WIDGET_KINDS.filter((k) => k.maxVariables > 1).map((k) => k.type)).toEqual(['advanced_chart']);
  });

  it('makes a writing widget display-only on a read-only variable or for a user who may not write', () => {
    expect(isDisplayOnly({ type: 'STATUS', permission: 'READ_ONLY' }, true)).toBe(true);
    expect(isDisplayOnly({ type: 'STATUS', permission: 'READ_WRITE' }, false)).toBe(true);
    expect(isDisplayOnly({ type: 'STATUS', permission: 'READ_WRITE' }, true)).toBe(false);
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

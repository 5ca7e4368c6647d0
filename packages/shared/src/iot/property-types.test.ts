import { describe, expect, it } from 'vitest';
import {
  hasMinMax,
  isWritableType,
  PROPERTY_TYPE_GROUPS,
  PROPERTY_TYPES,
  propertyKindOf,
} from './property-types.ts';

describe('the property-type catalogue', () => {
  it('sorts every catalogue type into one of the picker groups', () => {
    const groups = new Set<string>(PROPERTY_TYPE_GROUPS.map((g) => g.tag));
    for (const t of PROPERTY_TYPES) expect([t.type, groups.has(t.tags[0] ?? '')]).toEqual([t.type, true]);
  });

  it('names the kind a page shows and edits, for scalars and composites alike', () => {
    expect(propertyKindOf('STATUS')).toBe('boolean');
    expect(propertyKindOf('SMART_HOME_SWITCH')).toBe('boolean');
    expect(propertyKindOf('INT')).toBe('integer');
    expect(propertyKindOf('TEMPERATURE_C')).toBe('number');
    expect(propertyKindOf('CHARSTRING')).toBe('string');
    expect(propertyKindOf('LOCATION')).toBe('location');
    expect(propertyKindOf('COLOR_HSB')).toBe('color');
    expect(propertyKindOf('COLOR_RGB')).toBe('color-rgb');
    expect(propertyKindOf('HOME_COLORED_LIGHT')).toBe('colored-light');
    expect(propertyKindOf('GOOGLE_HOME_DIMMED_LIGHT')).toBe('dimmed-light');
    expect(propertyKindOf('HOME_TELEVISION')).toBe('television');
    expect(propertyKindOf('SCHEDULE')).toBe('schedule');
    expect(propertyKindOf('GENERIC_COMPLEX_PROPERTY')).toBe('object');
  });

  it('offers min and max to numeric scalars only, and read-write to all but sensors', () => {
    expect(hasMinMax('FLOAT')).toBe(true);
    expect(hasMinMax('COUNT')).toBe(true);
    expect(hasMinMax('STATUS')).toBe(false);
    expect(hasMinMax('LOCATION')).toBe(false);
    expect(isWritableType('HOME_MOTION_SENSOR')).toBe(false);
    expect(isWritableType('HOME_SWITCH')).toBe(true);
  });
});

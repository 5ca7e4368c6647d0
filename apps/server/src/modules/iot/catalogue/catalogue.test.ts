import { wireTypeOf } from '@tinkercloud/device-protocol';
import { describe, expect, it } from 'vitest';
import { BOARDS, boardOf, DEVICE_TYPES } from './boards.ts';
import {
  checkValue,
  isNumericType,
  numericReading,
  PROPERTY_TYPE_VALUES,
  PROPERTY_TYPES,
  valueShapeOf,
} from './property-types.ts';

describe('property types', () => {
  it('lists the 104 catalogue types once each, with a declaration, and 132 accepted property types', () => {
    const types = PROPERTY_TYPES.map((p) => p.type);
    expect(types).toHaveLength(104);
    expect(new Set(types).size).toBe(104);
    expect(PROPERTY_TYPE_VALUES).toHaveLength(132);
    for (const t of PROPERTY_TYPES) {
      expect(PROPERTY_TYPE_VALUES).toContain(t.type);
      expect(t.name).toBeTruthy();
      expect(t.declaration).toBeTruthy();
      if (t.deprecated) expect(types).toContain(t.supersededBy);
    }
    expect(PROPERTY_TYPES.find((p) => p.type === 'CHARSTRING')?.declaration).toBe('String');
    expect(PROPERTY_TYPES.find((p) => p.type === 'PERCENTAGE_RELATIVE_HUMIDITY')?.declaration).toBe(
      'CloudRelativeHumidity',
    );
    for (const extra of ['ANALOG', 'COLOR_RGB', 'GOOGLE_HOME_LIGHT', 'SMART_HOME_TELEVISION']) {
      expect(PROPERTY_TYPE_VALUES).toContain(extra);
    }
  });

  it('checks values by type and reads numbers for time series', () => {
    expect(checkValue('INT', 3)).toBeNull();
    expect(checkValue('INT', 3.5)).toMatch(/integer/);
    expect(checkValue('FLOAT', Number.NaN)).toMatch(/number/);
    expect(checkValue('STATUS', 'true')).toMatch(/true or false/);
    expect(checkValue('CHARSTRING', 'x'.repeat(5000))).toMatch(/at most/);
    expect(checkValue('LOCATION', { lat: 1, lon: 2 })).toBeNull();
    expect(checkValue('LOCATION', { lat: 1, lon: 2, alt: 3 })).toMatch(/unexpected field alt/);
    expect(checkValue('COLOR_RGB', { r: 1, g: 2, b: 3 })).toBeNull();
    expect(checkValue('GENERIC_COMPLEX_PROPERTY', { any: ['thing'] })).toBeNull();
    expect(checkValue('GENERIC_COMPLEX_PROPERTY', [1])).toMatch(/object/);
    expect(checkValue('NOPE', 1)).toMatch(/unknown/);
    expect(numericReading('STATUS', true)).toBe(1);
    expect(numericReading('HOME_SWITCH', false)).toBe(0);
    expect(numericReading('TEMPERATURE', 21.5)).toBe(21.5);
    expect(numericReading('CHARSTRING', '1')).toBeNull();
    expect(isNumericType('LOCATION')).toBe(false);
    expect(isNumericType('HOME_TEMPERATURE_C')).toBe(true);
  });
});

describe('property types and the device protocol', () => {
  it('agree on the value of every type: kinds and attributes', () => {
    const kindOf = {
      float: 'number',
      int: 'integer',
      uint: 'integer',
      bool: 'boolean',
      string: 'string',
    } as const;
    for (const type of PROPERTY_TYPE_VALUES) {
      const shape = valueShapeOf(type);
      const wire = wireTypeOf(type);
      if (!shape || !wire) throw new Error(`${type} is missing on one side`);
      if (wire.shape === 'scalar') expect([type, shape.kind]).toEqual([type, kindOf[wire.value.kind]]);
      else if (wire.shape === 'open') expect([type, shape]).toEqual([type, { kind: 'object', fields: null }]);
      else
        expect([
          type,
          { kind: shape.kind, fields: shape.kind === 'object' ? shape.fields : undefined },
        ]).toEqual([
          type,
          {
            kind: 'object',
            fields: Object.fromEntries(wire.attributes.map((a) => [a.name, kindOf[a.kind]])),
          },
        ]);
    }
  });

  it('refuses values a board cannot hold', () => {
    expect(checkValue('INT', 2 ** 31)).toMatch(/from -2147483648 to 2147483647/);
    expect(checkValue('TIME', -1)).toMatch(/from 0 to/);
    expect(checkValue('COLOR_HSB', { hue: 361, sat: 0, bri: 0 })).toMatch(/hue/);
    expect(checkValue('LOCATION', { lat: 1 })).toMatch(/lon is missing/);
  });
});

describe('boards', () => {
  it('covers every device type and picks the board by fqbn', () => {
    for (const type of DEVICE_TYPES) expect(BOARDS.some((b) => b.type === type)).toBe(true);
    expect(boardOf('login_and_secretkey_wifi', 'esp8266:esp8266:generic')?.label).toBe(
      'Generic ESP8266 Module',
    );
    expect(boardOf('login_and_secretkey_wifi')?.label).toBe('ESP32 Dev Module');
    expect(boardOf('unor4wifi')?.fqbn).toBe('arduino:renesas_uno:unor4wifi');
  });
});

import { describe, expect, it } from 'vitest';
import { chartValue, formatValue, isChartable, parseValueInput, valueKindOf } from './value-kind.ts';

describe('valueKindOf', () => {
  it('knows the catalogue types that do not hold numbers', () => {
    expect(valueKindOf('FLOAT')).toBe('number');
    expect(valueKindOf('TEMPERATURE_C')).toBe('number');
    expect(valueKindOf('STATUS')).toBe('boolean');
    expect(valueKindOf('GOOGLE_HOME_SWITCH')).toBe('boolean');
    expect(valueKindOf('CHARSTRING')).toBe('string');
    expect(valueKindOf('LOCATION')).toBe('object');
    expect(valueKindOf('SMART_HOME_COLORED_LIGHT')).toBe('object');
  });

  it('charts numbers and booleans only', () => {
    expect(isChartable('INT')).toBe(true);
    expect(isChartable('HOME_LIGHT')).toBe(true);
    expect(isChartable('CHARSTRING')).toBe(false);
    expect(isChartable('COLOR_HSB')).toBe(false);
    expect(chartValue(true)).toBe(1);
    expect(chartValue(false)).toBe(0);
    expect(chartValue(2.5)).toBe(2.5);
    expect(chartValue('2.5')).toBeNull();
    expect(chartValue(Number.NaN)).toBeNull();
  });
});

describe('parseValueInput', () => {
  it('reads numbers, booleans, strings and JSON objects', () => {
    expect(parseValueInput('number', ' 18.25 ')).toEqual({ ok: true, value: 18.25 });
    expect(parseValueInput('number', '-3e2')).toEqual({ ok: true, value: -300 });
    expect(parseValueInput('boolean', 'false')).toEqual({ ok: true, value: false });
    expect(parseValueInput('string', ' hello ')).toEqual({ ok: true, value: ' hello ' });
    expect(parseValueInput('object', '{"lat": 45.1, "lon": 7.7}')).toEqual({
      ok: true,
      value: { lat: 45.1, lon: 7.7 },
    });
  });

  it('refuses what does not fit, saying what would', () => {
    expect(parseValueInput('number', '')).toEqual({ ok: false, error: 'Enter a number.' });
    expect(parseValueInput('number', 'warm')).toEqual({ ok: false, error: 'Enter a number.' });
    expect(parseValueInput('boolean', 'yes')).toEqual({ ok: false, error: 'Enter true or false.' });
    for (const text of ['[1,2]', '12', '{lat: 1}']) {
      expect(parseValueInput('object', text)).toMatchObject({ ok: false });
    }
  });
});

describe('formatValue', () => {
  it('shows values compactly', () => {
    expect(formatValue(undefined)).toBe('–');
    expect(formatValue(21.5)).toBe('21.5');
    expect(formatValue(1 / 3)).toBe('0.3333333');
    expect(formatValue(0.1 + 0.2)).toBe('0.3');
    expect(formatValue(123456.789)).toBe('123456.8');
    expect(formatValue(42)).toBe('42');
    expect(formatValue(true)).toBe('true');
    expect(formatValue('on')).toBe('on');
    expect(formatValue({ lat: 1, lon: 2 })).toBe('{"lat":1,"lon":2}');
  });
});

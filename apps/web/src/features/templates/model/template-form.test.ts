import { describe, expect, it } from 'vitest';
import {
  applyRequest,
  descriptionProblem,
  duplicateDevice,
  freeDevices,
  initialDevices,
  prefixProblem,
  selectionProblem,
  templateNameProblem,
} from './template-form.ts';

describe('template form rules', () => {
  it('needs a one-line name of at most 128 characters', () => {
    expect(templateNameProblem('  ')).toBe('Enter a name for the template.');
    expect(templateNameProblem('x'.repeat(129))).toBe('Use at most 128 characters.');
    expect(templateNameProblem('a\nb')).toBe('Use one line of text.');
    expect(templateNameProblem('Greenhouse kit')).toBeNull();
    expect(descriptionProblem('d'.repeat(2001))).toBe('Use at most 2000 characters.');
    expect(descriptionProblem('')).toBeNull();
  });

  it("takes an empty prefix or upstream's prefix_name rule", () => {
    expect(prefixProblem('')).toBeNull();
    expect(prefixProblem('North wing_2.a-b')).toBeNull();
    expect(prefixProblem('a/b')).toBe('Use letters, digits, spaces and _ . - only.');
    expect(prefixProblem('p'.repeat(46))).toBe('Use at most 45 characters.');
    expect(selectionProblem([])).toBe('Pick at least one thing.');
    expect(selectionProblem(['t'])).toBeNull();
  });

  it('offers free devices and pre-selects the one the page was opened for, when it is free', () => {
    const devices = [
      { id: 'd1', name: 'one', thing: null },
      { id: 'd2', name: 'two', thing: { id: 't' } },
    ];
    expect(freeDevices(devices).map((d) => d.id)).toEqual(['d1']);
    const things = [{ id: 'a' }, { id: 'b' }];
    expect(initialDevices(things, freeDevices(devices), 'd1')).toEqual({ a: 'd1', b: '' });
    expect(initialDevices(things, freeDevices(devices), 'd2')).toEqual({ a: '', b: '' });
    expect(initialDevices(things, freeDevices(devices), undefined)).toEqual({ a: '', b: '' });
    expect(duplicateDevice({ a: 'd1', b: 'd1' })).toBe('d1');
    expect(duplicateDevice({ a: 'd1', b: '' })).toBeNull();
  });

  it('builds the apply body for custom and built-in templates', () => {
    expect(applyRequest({ kind: 'custom', id: 'u-1' }, ' North ', { a: 'd1', b: '' })).toEqual({
      template_name: '',
      custom_template_id: 'u-1',
      prefix_name: 'North',
      things_options: { a: { device_id: 'd1' } },
    });
    expect(applyRequest({ kind: 'builtin', id: 'weather-station' }, '', { weather: '' })).toEqual({
      template_name: 'weather-station',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { choicesOf, formatChoices, parseChoices } from './choices.ts';
import { colorValueToHex, hexToColorValue, hsbToRgb, rgbToHsb } from './color.ts';
import { changeLight, readLight } from './light.ts';
import { readLocation, routeOf } from './location.ts';
import { stepOf, stepValue } from './stepper.ts';
import { formatWallTime, secondsToWallInput, wallInputToSeconds } from './wall-time.ts';

describe('colour conversions', () => {
  it('turns HSB (hue in degrees, saturation and brightness in %) into RGB and back', () => {
    expect(hsbToRgb({ hue: 0, sat: 100, bri: 100 })).toEqual({ r: 255, g: 0, b: 0 });
    expect(hsbToRgb({ hue: 120, sat: 100, bri: 50 })).toEqual({ r: 0, g: 128, b: 0 });
    expect(hsbToRgb({ hue: 240, sat: 0, bri: 100 })).toEqual({ r: 255, g: 255, b: 255 });
    expect(rgbToHsb({ r: 0, g: 0, b: 255 })).toEqual({ hue: 240, sat: 100, bri: 100 });
    expect(rgbToHsb({ r: 255, g: 128, b: 0 })).toEqual({ hue: 30.1, sat: 100, bri: 100 });
  });

  it('reads a stored colour as #rrggbb and publishes a picked one in the variable’s own form', () => {
    expect(colorValueToHex({ hue: 0, sat: 100, bri: 100 }, false)).toBe('#ff0000');
    expect(colorValueToHex({ r: 16, g: 32, b: 255 }, true)).toBe('#1020ff');
    expect(colorValueToHex('nonsense', false)).toBe('#000000');
    expect(hexToColorValue('#00ff00', true, null)).toEqual({ r: 0, g: 255, b: 0 });
    expect(hexToColorValue('#00ff00', false, { swi: true, hue: 3 })).toEqual({
      swi: true,
      hue: 120,
      sat: 100,
      bri: 100,
    });
  });
});

describe('lights', () => {
  it('reads missing fields as off and dark, and keeps the others on a change', () => {
    expect(readLight(undefined, false)).toEqual({ swi: false, bri: 0 });
    expect(readLight({ swi: true, bri: 140, hue: 10, sat: 20 }, true)).toEqual({
      swi: true,
      bri: 100,
      hue: 10,
      sat: 20,
    });
    const lamp = readLight({ swi: true, bri: 40, hue: 10, sat: 20 }, true);
    expect(changeLight(lamp, { bri: 55.6 })).toEqual({ swi: true, bri: 56, hue: 10, sat: 20 });
    expect(changeLight(lamp, { swi: false })).toEqual({ swi: false, bri: 40, hue: 10, sat: 20 });
  });
});

describe('stepper', () => {
  it('steps within the range, from the minimum when there is no number yet', () => {
    const range = { min: 0, max: 1 };
    expect(stepValue(0.2, 1, 0.1, range)).toBe(0.3);
    expect(stepValue(0.95, 1, 0.1, range)).toBe(1);
    expect(stepValue(0, -1, 0.1, range)).toBe(0);
    expect(stepValue(undefined, 1, 0.25, range)).toBe(0.25);
    expect(stepOf({ step: 5 })).toBe(5);
    expect(stepOf({ step: -1 })).toBe(1);
    expect(stepOf(undefined)).toBe(1);
  });
});

describe('value selector choices', () => {
  it('reads "label = value" lines as values of the variable’s type', () => {
    expect(parseChoices('Off = 0\nHalf=50\n\n100', 'INT')).toEqual({
      ok: true,
      choices: [
        { label: 'Off', value: 0 },
        { label: 'Half', value: 50 },
        { label: '100', value: 100 },
      ],
    });
    expect(parseChoices('Eco = low\nFast = high', 'CHARSTRING')).toEqual({
      ok: true,
      choices: [
        { label: 'Eco', value: 'low' },
        { label: 'Fast', value: 'high' },
      ],
    });
    expect(parseChoices('Low = slow', 'FLOAT')).toEqual({
      ok: false,
      error: '"Low = slow" is not a value of the linked variable.',
    });
    expect(parseChoices(' \n', 'INT')).toEqual({ ok: false, error: 'Enter at least one choice.' });
  });

  it('keeps only well-formed stored choices and shows them again as typed', () => {
    const stored = choicesOf({
      choices: [{ label: 'Off', value: 0 }, { label: 3 }, null, { label: '7', value: 7 }],
    });
    expect(stored).toEqual([
      { label: 'Off', value: 0 },
      { label: '7', value: 7 },
    ]);
    expect(formatChoices(stored)).toBe('Off = 0\n7');
  });
});

describe('locations', () => {
  it('accepts only places on Earth and builds the route oldest first without repeats', () => {
    expect(readLocation({ lat: 45.07, lon: 7.69 })).toEqual({ lat: 45.07, lon: 7.69 });
    expect(readLocation({ lat: 95, lon: 0 })).toBeNull();
    expect(readLocation('45,7')).toBeNull();
    const newestFirst = [
      { value: { lat: 3, lon: 3 } },
      { value: { lat: 2, lon: 2 } },
      { value: { lat: 2, lon: 2 } },
      { value: 'broken' },
      { value: { lat: 1, lon: 1 } },
    ];
    expect(routeOf(newestFirst)).toEqual([
      { lat: 1, lon: 1 },
      { lat: 2, lon: 2 },
      { lat: 3, lon: 3 },
    ]);
  });
});

describe('wall-clock times', () => {
  it('stores the picked wall time as seconds read as UTC, and shows it back the same', () => {
    expect(wallInputToSeconds('2027-01-01T08:00')).toBe(1_798_790_400);
    expect(wallInputToSeconds('tomorrow')).toBeNull();
    expect(secondsToWallInput(1_798_790_400)).toBe('2027-01-01T08:00');
    expect(secondsToWallInput('x')).toBe('');
    expect(formatWallTime(1_798_790_400)).toBe('1 Jan 2027, 08:00');
  });
});

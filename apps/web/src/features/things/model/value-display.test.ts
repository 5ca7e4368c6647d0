import { describe, expect, it } from 'vitest';
import { scheduleWords as scheduleText } from '@/features/iot/model/widgets/schedule.ts';
import { colorCss, colorHex, hexToHsb, locationText, unitOf } from './value-display.ts';
import { colorInput, dimmedLightInput, locationInput, scheduleInput } from './value-input.ts';

describe('values in words and colours', () => {
  it('names the unit of single-unit types only', () => {
    expect(unitOf('TEMPERATURE_C')).toBe('°C');
    expect(unitOf('HOME_TEMPERATURE_F')).toBe('°F');
    expect(unitOf('PERCENTAGE')).toBe('%');
    expect(unitOf('TEMPERATURE')).toBeNull(); // Celsius, Fahrenheit or Kelvin: not known
    expect(unitOf('FLOAT')).toBeNull();
  });

  it('paints HSB and RGB colours, and reads a colour input back', () => {
    expect(colorCss({ hue: 0, sat: 100, bri: 100 })).toBe('rgb(255 0 0)');
    expect(colorCss({ hue: 120, sat: 100, bri: 50 })).toBe('rgb(0 128 0)');
    expect(colorCss({ r: 1, g: 2, b: 300 })).toBe('rgb(1 2 255)');
    expect(colorCss({ lat: 1 })).toBeNull();
    expect(hexToHsb('#0000ff')).toEqual({ hue: 240, sat: 100, bri: 100 });
    expect(colorHex({ hue: 240, sat: 100, bri: 100 })).toBe('#0000ff');
    expect(colorInput('color-rgb', '#102030')).toEqual({ r: 16, g: 32, b: 48 });
    expect(colorInput('colored-light', '#ff0000', false)).toEqual({ swi: false, hue: 0, sat: 100, bri: 100 });
  });

  it('writes places with hemispheres and checks their range', () => {
    expect(locationText({ lat: 45.07031, lon: -7.5 })).toBe('45.0703° N, 7.5° W');
    expect(locationText({ lat: -33.9, lon: 151.2 })).toBe('33.9° S, 151.2° E');
    expect(locationInput('45', '7')).toEqual({ ok: true, value: { lat: 45, lon: 7 } });
    expect(locationInput('91', '7')).toMatchObject({ ok: false });
    expect(locationInput('', '7')).toMatchObject({ ok: false });
    expect(locationInput('1', '-181')).toMatchObject({ ok: false });
    expect(dimmedLightInput(true, '101')).toMatchObject({ ok: false });
  });

  it('says schedules in words, and builds the ones the page writes', () => {
    const daily = scheduleInput('2026-06-01T07:30', '30', 'daily');
    expect(daily.ok).toBe(true);
    if (daily.ok) expect(scheduleText(daily.value)).toBe('Every day 07:30–08:00, from 1 Jun 2026');
    const once = scheduleInput('2026-06-01T07:30', '120', 'once');
    if (once.ok) expect(scheduleText(once.value)).toBe('Once on 1 Jun 2026, 07:30–09:30');
    // 1 June 2026 is a Monday.
    const weekly = scheduleInput('2026-06-01T07:30', '1', 'weekly');
    if (weekly.ok) expect(scheduleText(weekly.value)).toBe('Every Monday 07:30–07:31, from 1 Jun 2026');
    expect(scheduleText({ frm: 0, to: 0, len: 0, msk: 0 })).toBe('Not scheduled');
    expect(scheduleText({ frm: 1 })).toBeNull();
    expect(scheduleInput('', '30', 'once')).toMatchObject({ ok: false });
    expect(scheduleInput('2026-06-01T07:30', '0', 'once')).toMatchObject({ ok: false });
  });
});

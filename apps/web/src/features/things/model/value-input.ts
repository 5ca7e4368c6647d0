import type { ParsedInput } from '@/features/iot/model/value-kind.ts';
import { encodeRepeat } from '@/features/iot/model/widgets/schedule.ts';
import { hexToHsb, hexToRgb } from './value-display.ts';

/**
 * What the write controls of the thing page send for composite kinds, from what the user entered; the
 * server checks the value again against the catalogue.
 */

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function locationInput(latText: string, lonText: string): ParsedInput {
  const lat = numberOf(latText);
  const lon = numberOf(lonText);
  if (!Number.isFinite(lat) || lat < -90 || lat > 90)
    return { ok: false, error: 'Enter a latitude from -90 to 90.' };
  if (!Number.isFinite(lon) || lon < -180 || lon > 180)
    return { ok: false, error: 'Enter a longitude from -180 to 180.' };
  return { ok: true, value: { lat, lon } };
}

/** A colour input's `#rrggbb` as the value of an HSB colour, an RGB colour or a coloured light. */
export function colorInput(kind: 'color' | 'color-rgb' | 'colored-light', hex: string, on = true): unknown {
  if (kind === 'color-rgb') {
    const [r, g, b] = hexToRgb(hex);
    return { r, g, b };
  }
  const hsb = hexToHsb(hex);
  return kind === 'colored-light' ? { swi: on, ...hsb } : hsb;
}

export function dimmedLightInput(on: boolean, brightnessText: string): ParsedInput {
  const bri = numberOf(brightnessText);
  if (!Number.isFinite(bri) || bri < 0 || bri > 100)
    return { ok: false, error: 'Enter a brightness from 0 to 100.' };
  return { ok: true, value: { swi: on, bri } };
}

export type ScheduleRepeat = 'once' | 'daily' | 'weekly';

/**
 * A schedule from a start (a `datetime-local` value, the thing's local time), a length in minutes and a
 * repetition. Times travel as local epoch seconds, as the ArduinoIoTCloud library reads them.
 */
export function scheduleInput(start: string, minutesText: string, repeat: ScheduleRepeat): ParsedInput {
  const frm = Date.parse(`${start}:00Z`) / 1000;
  if (!start || !Number.isFinite(frm) || frm < 0) return { ok: false, error: 'Enter a start date and time.' };
  const minutes = numberOf(minutesText);
  if (!Number.isInteger(minutes) || minutes < 1)
    return { ok: false, error: 'Enter a length of at least 1 whole minute.' };
  const weekday = new Date(frm * 1000).getUTCDay();
  const msk =
    repeat === 'daily'
      ? encodeRepeat({ kind: 'every', unit: 'days', count: 1 })
      : repeat === 'weekly'
        ? encodeRepeat({ kind: 'weekly', days: [weekday] })
        : encodeRepeat({ kind: 'once' });
  return { ok: true, value: { frm, to: 0, len: minutes * 60, msk } };
}

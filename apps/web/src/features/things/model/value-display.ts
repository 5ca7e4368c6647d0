import { propertyTypeInfo } from '@tinkercloud/shared/iot';

/**
 * How the thing page shows a value of each kind in words and colours: units, colour swatches, places
 * (schedules: `scheduleWords` in features/iot/model/widgets/schedule.ts, the one schedule formatter). Pure functions, so the rendering rules are tested without a browser.
 */

const UNIT_SYMBOLS: Record<string, string> = {
  Celsius: '°C',
  Fahrenheit: '°F',
  Kelvin: 'K',
  Percent: '%',
  Volt: 'V',
  Millivolt: 'mV',
  Ampere: 'A',
  Milliampere: 'mA',
  Watt: 'W',
  Kilowatt: 'kW',
  Lux: 'lx',
  Pascal: 'Pa',
  Hectopascal: 'hPa',
  Meter: 'm',
  Centimeter: 'cm',
  Inch: 'in',
  Second: 's',
  Hertz: 'Hz',
  Joule: 'J',
  Kilogram: 'kg',
  Gram: 'g',
  Liter: 'L',
  Ohm: 'Ω',
  Degree: '°',
  Radian: 'rad',
  Decibel: 'dB',
  'Beats per minute': 'bpm',
  'Meter per second': 'm/s',
};

/** The unit a value of this type is in, when the type has exactly one (a family of several has none). */
export function unitOf(type: string): string | null {
  const units = propertyTypeInfo(type.replace(/^(GOOGLE_|SMART_)/, ''))?.units ?? [];
  const [only] = units;
  if (units.length !== 1 || !only) return null;
  return UNIT_SYMBOLS[only] ?? only;
}

const num = (value: unknown, field: string): number | null => {
  const v = (value as Record<string, unknown> | null)?.[field];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A colour value (`{hue, sat, bri}` in degrees and percent, or `{r, g, b}`) as CSS, or null if it is not one. */
export function colorCss(value: unknown): string | null {
  const [r, g, b] = [num(value, 'r'), num(value, 'g'), num(value, 'b')];
  if (r !== null && g !== null && b !== null)
    return `rgb(${clamp(r, 0, 255)} ${clamp(g, 0, 255)} ${clamp(b, 0, 255)})`;
  const [h, s, v] = [num(value, 'hue'), num(value, 'sat'), num(value, 'bri')];
  if (h === null || s === null || v === null) return null;
  return rgbCss(hsbToRgb(h, s, v));
}

const rgbCss = ([r, g, b]: [number, number, number]) => `rgb(${r} ${g} ${b})`;

/** HSB (hue 0–360, saturation and brightness 0–100) to 0–255 RGB. */
export function hsbToRgb(hue: number, sat: number, bri: number): [number, number, number] {
  const s = clamp(sat, 0, 100) / 100;
  const v = clamp(bri, 0, 100) / 100;
  const f = (n: number) => {
    const k = (n + (((hue % 360) + 360) % 360) / 60) % 6;
    return Math.round(255 * (v - v * s * Math.max(0, Math.min(k, 4 - k, 1))));
  };
  return [f(5), f(3), f(1)];
}

/** A `#rrggbb` colour (as a colour input gives it) as HSB, rounded to tenths. */
export function hexToHsb(hex: string): { hue: number; sat: number; bri: number } {
  const [r, g, b] = hexToRgb(hex).map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  let hue = 0;
  if (d > 0) {
    if (max === r) hue = 60 * (((g - b) / d + 6) % 6);
    else if (max === g) hue = 60 * ((b - r) / d + 2);
    else hue = 60 * ((r - g) / d + 4);
  }
  const round = (x: number) => Math.round(x * 10) / 10;
  return { hue: round(hue), sat: round(max === 0 ? 0 : (d / max) * 100), bri: round(max * 100) };
}

export function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', ''), 16) || 0;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** A colour value as `#rrggbb`, for a colour input's starting value. */
export function colorHex(value: unknown): string {
  const css = colorCss(value);
  const m = css?.match(/rgb\((\d+) (\d+) (\d+)\)/);
  if (!m) return '#ffffff';
  return `#${m
    .slice(1, 4)
    .map((c) => Number(c).toString(16).padStart(2, '0'))
    .join('')}`;
}

/** A location as "45.0703° N, 7.6869° E", or null if it is not one. */
export function locationText(value: unknown): string | null {
  const lat = num(value, 'lat');
  const lon = num(value, 'lon');
  if (lat === null || lon === null) return null;
  const fmt = (v: number, pos: string, neg: string) =>
    `${Math.abs(Number(v.toFixed(4)))}° ${v < 0 ? neg : pos}`;
  return `${fmt(lat, 'N', 'S')}, ${fmt(lon, 'E', 'W')}`;
}

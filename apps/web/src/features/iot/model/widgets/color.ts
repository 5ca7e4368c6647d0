/**
 * Colours as the Arduino library holds them: CloudColor and the coloured light keep hue (0–360 degrees),
 * saturation and brightness (0–100 %); COLOR_RGB keeps r, g, b (0–255). A browser colour input speaks
 * `#rrggbb`, so the widgets convert both ways.
 */
export interface Hsb {
  hue: number;
  sat: number;
  bri: number;
}
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const clamp = (v: number, low: number, high: number) => Math.min(high, Math.max(low, v));
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function hsbToRgb({ hue, sat, bri }: Hsb): Rgb {
  const h = (((hue % 360) + 360) % 360) / 60;
  const s = clamp(sat, 0, 100) / 100;
  const v = clamp(bri, 0, 100) / 100;
  const c = v * s;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] =
    h < 1
      ? [c, x, 0]
      : h < 2
        ? [x, c, 0]
        : h < 3
          ? [0, c, x]
          : h < 4
            ? [0, x, c]
            : h < 5
              ? [x, 0, c]
              : [c, 0, x];
  const m = v - c;
  return { r: Math.round((r + m) * 255), g: Math.round((g + m) * 255), b: Math.round((b + m) * 255) };
}

export function rgbToHsb({ r, g, b }: Rgb): Hsb {
  const [rr, gg, bb] = [r, g, b].map((c) => clamp(c, 0, 255) / 255) as [number, number, number];
  const max = Math.max(rr, gg, bb);
  const delta = max - Math.min(rr, gg, bb);
  let hue = 0;
  if (delta > 0) {
    if (max === rr) hue = 60 * (((gg - bb) / delta + 6) % 6);
    else if (max === gg) hue = 60 * ((bb - rr) / delta + 2);
    else hue = 60 * ((rr - gg) / delta + 4);
  }
  const round1 = (v: number) => Math.round(v * 10) / 10;
  return { hue: round1(hue), sat: round1(max === 0 ? 0 : (delta / max) * 100), bri: round1(max * 100) };
}

export function rgbToHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(clamp(c, 0, 255))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** `#rrggbb` (as a colour input gives it) to its channels; black for anything else. */
export function hexToRgb(hex: string): Rgb {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return { r: 0, g: 0, b: 0 };
  return {
    r: Number.parseInt(match[1] ?? '0', 16),
    g: Number.parseInt(match[2] ?? '0', 16),
    b: Number.parseInt(match[3] ?? '0', 16),
  };
}

/** A stored colour value (HSB or RGB, by the variable's kind) as `#rrggbb`; black when it is not one. */
export function colorValueToHex(value: unknown, rgb: boolean): string {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  if (rgb) return rgbToHex({ r: num(v.r), g: num(v.g), b: num(v.b) });
  return rgbToHex(hsbToRgb({ hue: num(v.hue), sat: num(v.sat), bri: num(v.bri) }));
}

/**
 * The value to publish for a colour picked as `#rrggbb`. An HSB value keeps its other fields (a coloured
 * light's switch); the brightness comes from the colour, as the library's own colour widget does.
 */
export function hexToColorValue(hex: string, rgb: boolean, previous: unknown): Record<string, unknown> {
  const channels = hexToRgb(hex);
  if (rgb) return { r: channels.r, g: channels.g, b: channels.b };
  const base = previous && typeof previous === 'object' ? (previous as Record<string, unknown>) : {};
  return { ...base, ...rgbToHsb(channels) };
}

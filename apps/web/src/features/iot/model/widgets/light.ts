/**
 * The dimmed light (`swi`, `bri`) and the coloured light (`swi`, `hue`, `sat`, `bri`): the library's
 * CloudDimmedLight and CloudColoredLight. A widget changes one field and publishes the whole value.
 */
export interface LightValue {
  swi: boolean;
  bri: number;
  hue?: number;
  sat?: number;
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** A stored light value, with an off switch and zero brightness for what is missing. */
export function readLight(value: unknown, colored: boolean): LightValue {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const light: LightValue = { swi: v.swi === true, bri: Math.min(100, Math.max(0, num(v.bri, 0))) };
  if (colored) {
    light.hue = num(v.hue, 0);
    light.sat = num(v.sat, 0);
  }
  return light;
}

/** The value after one change, the other fields kept; brightness stays in 0–100. */
export function changeLight(light: LightValue, change: Partial<LightValue>): LightValue {
  const next = { ...light, ...change };
  next.bri = Math.min(100, Math.max(0, Math.round(next.bri)));
  return next;
}

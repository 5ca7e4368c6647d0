import { wireTypeOf } from '../properties/wire-types.ts';

/** Produces the next value of a property at tick `tick` (0, 1, 2…), `elapsedS` seconds after the start. */
export type Generator = (tick: number, elapsedS: number) => unknown;

const round2 = (v: number) => Math.round(v * 100) / 100;
const wave = (base: number, amplitude: number, periodS: number) => (_: number, s: number) =>
  round2(base + amplitude * Math.sin((2 * Math.PI * s) / periodS));

/** Float families with a believable range; everything else numeric swings around 50. */
const FLOAT_WAVES: [RegExp, Generator][] = [
  [/TEMPERATURE_F$/, wave(70, 7, 600)],
  [/TEMPERATURE|KELVIN|DEGREES_CELSIUS/, wave(21, 4, 600)],
  [/HUMIDITY/, wave(45, 10, 900)],
  [/PRESSURE|PASCAL/, wave(1013, 6, 1800)],
  [/PERCENTAGE/, wave(60, 30, 1200)],
  [/LATITUDE/, wave(45.07, 0.01, 600)],
  [/LONGITUDE/, wave(7.69, 0.01, 600)],
];

const NAME_HINTS: [RegExp, string][] = [
  [/temp/i, 'TEMPERATURE'],
  [/hum/i, 'HUMIDITY'],
  [/press/i, 'PRESSURE'],
  [/batt|percent|level/i, 'PERCENTAGE'],
];

/**
 * A plausible value stream for sensor-like types (sine temperature, counter, toggling booleans, a status
 * line, a slowly moving location); null for actuator-like types (lights, switches, plugs, TVs, schedules,
 * colors), which change only when the cloud writes them, as a real device's outputs do.
 */
export function generatorFor(type: string, name = ''): Generator | null {
  const wire = wireTypeOf(type);
  if (!wire) return null;
  if (wire.shape === 'open') return null;
  if (wire.shape === 'composite') {
    if (type !== 'LOCATION') return null;
    return (_, s) => ({
      lat: Math.round((45.07 + 0.01 * Math.sin((2 * Math.PI * s) / 600)) * 1e5) / 1e5,
      lon: Math.round((7.69 + 0.01 * Math.cos((2 * Math.PI * s) / 600)) * 1e5) / 1e5,
    });
  }
  switch (wire.value.kind) {
    case 'float': {
      // A guessed FLOAT (learned from last values) still gets a fitting curve when its name tells.
      const hint = type === 'FLOAT' ? NAME_HINTS.find(([re]) => re.test(name))?.[1] : undefined;
      return FLOAT_WAVES.find(([re]) => re.test(hint ?? type))?.[1] ?? wave(50, 25, 300);
    }
    case 'int':
      return (tick) => tick;
    case 'uint':
      return () => Math.floor(Date.now() / 1000);
    case 'string':
      return (tick, s) => `simulated device: tick ${tick}, up ${Math.round(s)} s`;
    case 'bool':
      if (/LIGHT|SWITCH|SMART_PLUG/.test(type)) return null;
      // Motion and contact sensors flip now and then; plain booleans on every tick.
      return /SENSOR/.test(type) ? (tick) => Math.floor(tick / 3) % 2 === 1 : (tick) => tick % 2 === 1;
  }
}

/** The value a property holds before the cloud or a generator gives it one. */
export function initialValue(type: string): unknown {
  const wire = wireTypeOf(type);
  if (!wire || wire.shape === 'open') return {};
  const zero = (kind: string, name = '') =>
    kind === 'bool' ? false : kind === 'string' ? '' : name === 'pbc' ? 255 : 0;
  if (wire.shape === 'scalar') return zero(wire.value.kind);
  return Object.fromEntries(wire.attributes.map((a) => [a.name, zero(a.kind, a.name)]));
}

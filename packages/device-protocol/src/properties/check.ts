import {
  type AttributeWire,
  FLOAT32_MAX,
  INT32_MAX,
  INT32_MIN,
  MAX_STRING_LENGTH,
  type ScalarWire,
  UINT32_MAX,
  wireTypeOf,
} from './wire-types.ts';

export type Checked = { ok: true; value: number | string | boolean } | { ok: false; reason: string };

const KIND_LIMITS = {
  float: { min: -FLOAT32_MAX, max: FLOAT32_MAX },
  int: { min: INT32_MIN, max: INT32_MAX },
  uint: { min: 0, max: UINT32_MAX },
} as const;

/**
 * Checks one scalar against its wire kind and range. `fromWire` accepts what the library accepts on the wire
 * but JSON should not carry: 0 and 1 for booleans.
 */
export function checkScalar(wire: ScalarWire, value: unknown, fromWire = false): Checked {
  switch (wire.kind) {
    case 'bool':
      if (typeof value === 'boolean') return { ok: true, value };
      if (fromWire && (value === 0 || value === 1)) return { ok: true, value: value === 1 };
      return { ok: false, reason: 'true or false is expected' };
    case 'string':
      if (typeof value !== 'string') return { ok: false, reason: 'a string is expected' };
      if (value.length > MAX_STRING_LENGTH)
        return { ok: false, reason: `a string of at most ${MAX_STRING_LENGTH} characters is expected` };
      return { ok: true, value };
    default: {
      if (typeof value !== 'number' || !Number.isFinite(value))
        return {
          ok: false,
          reason: wire.kind === 'float' ? 'a number is expected' : 'an integer is expected',
        };
      if (wire.kind !== 'float' && !Number.isInteger(value))
        return { ok: false, reason: 'an integer is expected' };
      const min = Math.max(wire.min ?? Number.NEGATIVE_INFINITY, KIND_LIMITS[wire.kind].min);
      const max = Math.min(wire.max ?? Number.POSITIVE_INFINITY, KIND_LIMITS[wire.kind].max);
      if (value < min || value > max) return { ok: false, reason: `the value must be from ${min} to ${max}` };
      return { ok: true, value };
    }
  }
}

/** Checks one attribute of a `GENERIC_COMPLEX_PROPERTY`: any finite number, string or boolean. */
export function checkOpenAttribute(value: unknown): Checked {
  if (typeof value === 'number') return checkScalar({ kind: 'float' }, value);
  if (typeof value === 'boolean') return { ok: true, value };
  if (typeof value === 'string') return checkScalar({ kind: 'string' }, value);
  return { ok: false, reason: 'a number, a string or true or false is expected' };
}

const describe = (a: AttributeWire) => a.name;

/**
 * Why `value` (in its JSON form: a scalar, or an object of attributes for complex types) cannot be a value of
 * property type `type` on the wire, or null when it can.
 */
export function checkPropertyValue(type: string, value: unknown): string | null {
  const wire = wireTypeOf(type);
  if (!wire) return `unknown property type ${type}`;
  if (wire.shape === 'scalar') {
    const c = checkScalar(wire.value, value);
    return c.ok ? null : c.reason;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'an object is expected';
  const fields = value as Record<string, unknown>;
  if (wire.shape === 'open') {
    for (const [key, v] of Object.entries(fields)) {
      const c = checkOpenAttribute(v);
      if (!c.ok) return `field ${key}: ${c.reason}`;
    }
    return null;
  }
  const known = new Set(wire.attributes.map(describe));
  for (const key of Object.keys(fields)) if (!known.has(key)) return `unexpected field ${key}`;
  for (const a of wire.attributes) {
    if (!(a.name in fields)) return `field ${a.name} is missing`;
    const c = checkScalar(a, fields[a.name]);
    if (!c.ok) return `field ${a.name}: ${c.reason}`;
  }
  return null;
}

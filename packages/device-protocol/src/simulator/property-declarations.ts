import { WIRE_PROPERTY_TYPES, wireTypeOf } from '../properties/wire-types.ts';
import type { SenmlRecord } from '../senml/record.ts';
import type { Generator } from './generators.ts';

export interface PropertyDeclaration {
  name: string;
  /** A property type id (`TEMPERATURE`, `HOME_SWITCH`…). */
  type: string;
  /**
   * The values this property takes on each tick, instead of the type's usual curve; null: an output that only
   * the cloud (or `set`) changes.
   */
  generator?: Generator | null;
}

/** Short names the command line accepts besides the type ids. */
const ALIASES: Record<string, string> = {
  float: 'FLOAT',
  number: 'FLOAT',
  int: 'INT',
  integer: 'INT',
  uint: 'TIME',
  bool: 'STATUS',
  boolean: 'STATUS',
  string: 'CHARSTRING',
  text: 'CHARSTRING',
  temperature: 'TEMPERATURE',
  humidity: 'PERCENTAGE_RELATIVE_HUMIDITY',
  counter: 'COUNT',
  switch: 'HOME_SWITCH',
  light: 'HOME_LIGHT',
  location: 'LOCATION',
  color: 'COLOR_HSB',
};

const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Parses `name:type,name:type`; throws an Error naming the first bad entry. */
export function parsePropertyList(list: string): PropertyDeclaration[] {
  const out: PropertyDeclaration[] = [];
  for (const entry of list
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [name = '', rawType = '', ...rest] = entry.split(':');
    const type = ALIASES[rawType.toLowerCase()] ?? rawType.toUpperCase();
    if (!VARIABLE.test(name) || rest.length > 0) throw new Error(`"${entry}": expected name:type`);
    if (!wireTypeOf(type))
      throw new Error(
        `"${entry}": unknown type ${rawType} (one of ${Object.keys(ALIASES).join(', ')} or a type id)`,
      );
    if (out.some((p) => p.name === name)) throw new Error(`"${entry}": ${name} is declared twice`);
    out.push({ name, type });
  }
  return out;
}

/** Complex types recognised by the set of their attributes. */
const BY_ATTRIBUTES = new Map<string, string>();
for (const type of [
  'LOCATION',
  'COLOR_HSB',
  'HOME_DIMMED_LIGHT',
  'HOME_COLORED_LIGHT',
  'HOME_TELEVISION',
  'SCHEDULE',
  'COLOR_RGB',
]) {
  const wire = wireTypeOf(type);
  if (wire?.shape === 'composite') BY_ATTRIBUTES.set(attributeKey(wire.attributes.map((a) => a.name)), type);
}

function attributeKey(names: string[]) {
  return [...names].sort().join(',');
}

/**
 * Property types guessed from the records of a last-values message: booleans → STATUS, strings → CHARSTRING,
 * numbers written as floats → FLOAT, as integers → INT, `name:attr` groups by their attributes.
 * Records must come from `decodeSenml(…, { numberFormats: true })`.
 */
export function inferPropertyTypes(records: readonly SenmlRecord[]): PropertyDeclaration[] {
  const scalars = new Map<string, string>();
  const attributes = new Map<string, Set<string>>();
  for (const r of records) {
    if (typeof r.name !== 'string' || r.value === undefined) continue;
    const colon = r.name.indexOf(':');
    if (colon > 0) {
      const base = r.name.slice(0, colon);
      const set = attributes.get(base) ?? new Set<string>();
      set.add(r.name.slice(colon + 1));
      attributes.set(base, set);
      continue;
    }
    if (typeof r.value === 'boolean') scalars.set(r.name, 'STATUS');
    else if (typeof r.value === 'string') scalars.set(r.name, 'CHARSTRING');
    else scalars.set(r.name, r.numberFormat === 'integer' ? 'INT' : 'FLOAT');
  }
  const out: PropertyDeclaration[] = [...scalars].map(([name, type]) => ({ name, type }));
  for (const [name, set] of attributes)
    out.push({ name, type: BY_ATTRIBUTES.get(attributeKey([...set])) ?? 'GENERIC_COMPLEX_PROPERTY' });
  return out;
}

export const KNOWN_TYPES = WIRE_PROPERTY_TYPES;

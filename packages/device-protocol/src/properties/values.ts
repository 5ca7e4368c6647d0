import { ProtocolError } from '../errors.ts';
import type { SenmlRecord } from '../senml/record.ts';
import { type Checked, checkOpenAttribute, checkPropertyValue, checkScalar } from './check.ts';
import { type WireKind, type WireType, wireTypeOf } from './wire-types.ts';

/** A property type id, one of upstream's `property.type` values (`FLOAT`, `HOME_COLORED_LIGHT`…). */
export type PropertyType = string;

export interface PropertyValue {
  name: string;
  /** A number, string or boolean; an object of attributes for complex types. */
  value: unknown;
  timeMs?: number;
}

export interface RecordError {
  name: string;
  reason: string;
}

export interface RecordsToValuesOptions {
  /** Property tag → property name, to read "light payload" records whose name is a number. */
  propertyTags?: ReadonlyMap<number, string>;
  /**
   * A record naming a known property but carrying no value stands for the zero value of its type (0, false,
   * ""): arduino-iot-js 0.13 leaves falsy values out of its records. Counted in `zeroFilled`.
   */
  valuelessAsZero?: boolean;
}

/** The zero value of a wire kind: what a valueless record means (`valuelessAsZero`). */
export const zeroOfKind = (kind: WireKind): number | boolean | string =>
  kind === 'bool' ? false : kind === 'string' ? '' : 0;

interface Group {
  name: string;
  wire: Extract<WireType, { shape: 'composite' | 'open' }>;
  fields: Record<string, unknown>;
  timeMs: number | undefined;
  failed: boolean;
}

/**
 * The property values a SenML pack carries, checked against the types of the thing's properties (`types`:
 * property name → type). `name:attr` records of a complex property are assembled into one object (a repeated
 * attribute or a new time starts the next object). Every record that cannot become a correct value is
 * reported in `errors` with its reason — malformed record, unknown name, no value, wrong type, out of range,
 * incomplete object — and nothing else is affected. Never throws.
 */
export function recordsToValues(
  records: readonly SenmlRecord[],
  types: ReadonlyMap<string, PropertyType>,
  opts: RecordsToValuesOptions = {},
): { values: PropertyValue[]; errors: RecordError[]; zeroFilled: number } {
  const values: PropertyValue[] = [];
  const errors: RecordError[] = [];
  let zeroFilled = 0;
  const groups = new Map<string, Group>();

  const flush = (g: Group) => {
    groups.delete(g.name);
    if (g.failed) return;
    if (g.wire.shape === 'composite') {
      const missing = g.wire.attributes.filter((a) => !(a.name in g.fields)).map((a) => a.name);
      if (missing.length > 0) {
        errors.push({ name: g.name, reason: `attributes missing: ${missing.join(', ')}` });
        return;
      }
    }
    values.push(
      g.timeMs === undefined
        ? { name: g.name, value: g.fields }
        : { name: g.name, value: g.fields, timeMs: g.timeMs },
    );
  };

  for (const record of records as readonly unknown[]) {
    const shape = shapeProblem(record);
    if (shape) {
      errors.push({ name: nameForError(record), reason: shape });
      continue;
    }
    const r = record as SenmlRecord;
    const resolved = resolveName(r.name, types, opts.propertyTags);
    if ('reason' in resolved) {
      errors.push({ name: String(r.name), reason: resolved.reason });
      continue;
    }
    const { base, attribute, fullName } = resolved;
    const type = types.get(base) as string;
    const wire = wireTypeOf(type);
    if (!wire) {
      errors.push({ name: fullName, reason: `unknown property type ${type}` });
      continue;
    }
    // A valueless record's kind: the scalar's, or the named attribute's (an open type has none to zero).
    const zeroKind =
      wire.shape === 'scalar'
        ? wire.value.kind
        : wire.shape === 'composite'
          ? wire.attributes.find((a) => a.name === attribute)?.kind
          : undefined;
    let value: unknown = r.value;
    if (value === undefined) {
      if (!opts.valuelessAsZero || zeroKind === undefined) {
        errors.push({ name: fullName, reason: 'the record carries no value' });
        continue;
      }
      value = zeroOfKind(zeroKind);
      zeroFilled += 1;
    }
    if (wire.shape === 'scalar') {
      if (attribute !== undefined) {
        errors.push({ name: fullName, reason: `${base} has no attributes` });
        continue;
      }
      const c = checkScalar(wire.value, value, true);
      if (!c.ok) errors.push({ name: fullName, reason: c.reason });
      else
        values.push(
          r.timeMs === undefined
            ? { name: base, value: c.value }
            : { name: base, value: c.value, timeMs: r.timeMs },
        );
      continue;
    }
    if (attribute === undefined) {
      errors.push({ name: fullName, reason: `${base} is sent as ${base}:attribute records` });
      continue;
    }
    let c: Checked;
    if (wire.shape === 'open') c = checkOpenAttribute(value);
    else {
      const def = wire.attributes.find((a) => a.name === attribute);
      c = def
        ? checkScalar(def, value, true)
        : { ok: false, reason: `${base} has no attribute ${attribute}` };
    }
    let group = groups.get(base);
    if (group && (attribute in group.fields || group.timeMs !== r.timeMs)) {
      flush(group);
      group = undefined;
    }
    if (!group) {
      group = { name: base, wire, fields: {}, timeMs: r.timeMs, failed: false };
      groups.set(base, group);
    }
    if (c.ok) group.fields[attribute] = c.value;
    else {
      group.fields[attribute] = undefined;
      group.failed = true;
      errors.push({ name: fullName, reason: c.reason });
    }
  }
  for (const g of [...groups.values()]) flush(g);
  return { values, errors, zeroFilled };
}

function shapeProblem(record: unknown): string | null {
  if (typeof record !== 'object' || record === null) return 'malformed record';
  const r = record as Record<string, unknown>;
  const nameOk =
    (typeof r.name === 'string' && r.name !== '') || (typeof r.name === 'number' && Number.isInteger(r.name));
  if (!nameOk) return 'the record has no name';
  const v = r.value;
  if (v !== undefined && typeof v !== 'number' && typeof v !== 'string' && typeof v !== 'boolean')
    return 'malformed record value';
  if (r.timeMs !== undefined && (typeof r.timeMs !== 'number' || !Number.isFinite(r.timeMs)))
    return 'malformed record time';
  return null;
}

function nameForError(record: unknown): string {
  const name =
    typeof record === 'object' && record !== null ? (record as { name?: unknown }).name : undefined;
  return typeof name === 'string' || typeof name === 'number' ? String(name) : '';
}

type Resolved = { base: string; attribute: string | undefined; fullName: string } | { reason: string };

function resolveName(
  name: string | number,
  types: ReadonlyMap<string, PropertyType>,
  tags: ReadonlyMap<number, string> | undefined,
): Resolved {
  if (typeof name === 'number') {
    // Light payload: low byte = property tag, high byte = 1-based attribute index (0 for a plain property).
    const base = tags?.get(name & 0xff);
    if (base === undefined || !types.has(base)) return { reason: `unknown property tag ${name & 0xff}` };
    const index = name >> 8;
    if (index === 0) return { base, attribute: undefined, fullName: base };
    const wire = wireTypeOf(types.get(base) as string);
    const attribute = wire?.shape === 'composite' ? wire.attributes[index - 1]?.name : undefined;
    if (attribute === undefined) return { reason: `${base} has no attribute number ${index}` };
    return { base, attribute, fullName: `${base}:${attribute}` };
  }
  const colon = name.indexOf(':');
  const base = colon === -1 ? name : name.slice(0, colon);
  const attribute = colon === -1 ? undefined : name.slice(colon + 1);
  if (!types.has(base)) return { reason: 'unknown property' };
  return { base, attribute, fullName: name };
}

/**
 * The SenML records of one property value, as the library writes them: floats as float32, integers as CBOR
 * integers, complex values as `name:attr` records in the library's attribute order. Throws ProtocolError
 * when the value does not fit the type.
 */
export function valueToRecords(
  name: string,
  type: PropertyType,
  value: unknown,
  timeMs?: number,
): SenmlRecord[] {
  const problem = checkPropertyValue(type, value);
  if (problem) throw new ProtocolError(`${name} (${type}): ${problem}`);
  const wire = wireTypeOf(type) as WireType;
  const time = timeMs === undefined ? {} : { timeMs };
  if (wire.shape === 'scalar') {
    const v = value as number | string | boolean;
    return [{ name, value: v, ...formatOf(wire.value.kind), ...time }];
  }
  const fields = value as Record<string, number | string | boolean>;
  if (wire.shape === 'open')
    return Object.entries(fields).map(([attr, v]) => ({ name: `${name}:${attr}`, value: v, ...time }));
  return wire.attributes.map((a) => ({
    name: `${name}:${a.name}`,
    value: fields[a.name] as number | string | boolean,
    ...formatOf(a.kind),
    ...time,
  }));
}

const formatOf = (kind: string): Pick<SenmlRecord, 'numberFormat'> =>
  kind === 'float'
    ? { numberFormat: 'float32' }
    : kind === 'int' || kind === 'uint'
      ? { numberFormat: 'integer' }
      : {};

/**
 * What kind of value a property type holds, for the publish input and the charts. Most of the catalogue's
 * types are numbers; the exceptions are few and listed here (the server checks every value against the full
 * catalogue, so a wrong guess only earns a clear error).
 */
export type ValueKind = 'number' | 'boolean' | 'string' | 'object';

const BOOLEAN_TYPES = new Set([
  'STATUS',
  'HOME_LIGHT',
  'HOME_CONTACT_SENSOR',
  'HOME_SMART_PLUG',
  'HOME_SWITCH',
  'HOME_MOTION_SENSOR',
]);
const STRING_TYPES = new Set(['CHARSTRING']);
const OBJECT_TYPES = new Set([
  'LOCATION',
  'COLOR_HSB',
  'COLOR_RGB',
  'HOME_DIMMED_LIGHT',
  'HOME_COLORED_LIGHT',
  'HOME_TELEVISION',
  'SCHEDULE',
  'GENERIC_COMPLEX_PROPERTY',
]);

export function valueKindOf(type: string): ValueKind {
  // Assistant variants (GOOGLE_HOME_SWITCH, SMART_HOME_LIGHT) hold what their base type holds.
  const base = type.replace(/^(GOOGLE|SMART)_/, '');
  if (BOOLEAN_TYPES.has(base)) return 'boolean';
  if (STRING_TYPES.has(base)) return 'string';
  if (OBJECT_TYPES.has(base)) return 'object';
  return 'number';
}

/** Numbers and booleans can be charted (a boolean as 0 or 1), as the series API aggregates them. */
export const isChartable = (type: string) => {
  const kind = valueKindOf(type);
  return kind === 'number' || kind === 'boolean';
};

/** A value as a chart point, or null when it is not a finite number or a boolean. */
export function chartValue(value: unknown): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export type ParsedInput = { ok: true; value: unknown } | { ok: false; error: string };

/** Reads what the user typed as a value of the property's kind. */
export function parseValueInput(kind: ValueKind, text: string): ParsedInput {
  const trimmed = text.trim();
  switch (kind) {
    case 'string':
      return { ok: true, value: text };
    case 'boolean':
      if (trimmed === 'true') return { ok: true, value: true };
      if (trimmed === 'false') return { ok: true, value: false };
      return { ok: false, error: 'Enter true or false.' };
    case 'number': {
      const value = Number(trimmed);
      if (trimmed === '' || !Number.isFinite(value)) return { ok: false, error: 'Enter a number.' };
      return { ok: true, value };
    }
    case 'object':
      try {
        const value: unknown = JSON.parse(trimmed);
        if (value && typeof value === 'object' && !Array.isArray(value)) return { ok: true, value };
      } catch {
        // Reported below, like any other value that is not an object.
      }
      return { ok: false, error: 'Enter a JSON object, such as {"lat": 45.1, "lon": 7.7}.' };
  }
}

/** A value as text for tables: strings as they are, objects as JSON. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '–';
  if (typeof value === 'string') return value;
  // Seven significant digits keep sensor noise and float artefacts (0.1 + 0.2) out of the table.
  if (typeof value === 'number')
    return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(7)));
  return JSON.stringify(value);
}

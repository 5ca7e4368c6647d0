import { valueShapeOf } from '@tinkercloud/shared/iot';

/**
 * What kind of JSON value a property type holds, for the text inputs and the charts; read from the shared
 * property-type catalogue (packages/shared), as the server checks values against the same one.
 */
export type ValueKind = 'number' | 'boolean' | 'string' | 'object';

export function valueKindOf(type: string): ValueKind {
  const kind = valueShapeOf(type)?.kind;
  if (kind === 'integer' || kind === 'number' || kind === undefined) return 'number';
  return kind;
}

/** Numbers and booleans can be charted (a boolean as 0 or 1), as the series API aggregates them. */
export const isChartable = (type: string) => {
  const kind = valueKindOf(type);
  return kind === 'number' || kind === 'boolean';
};

export { chartValue } from './chart-value.ts';

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

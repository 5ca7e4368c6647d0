import type { Condition } from './triggers.schemas.ts';

/** Objects compare by content, whatever the order of their keys. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Whether a property value satisfies a trigger's condition (checked against the property's type when the
 * trigger was saved). CHANGED holds for every new value; a value of the wrong kind satisfies nothing.
 */
export function conditionHolds(condition: Condition, value: unknown): boolean {
  const target = condition.value;
  switch (condition.operator) {
    case 'CHANGED':
      return true;
    case 'TRUE':
      return value === true;
    case 'FALSE':
      return value === false;
    case 'EQ':
      return canonical(value) === canonical(target);
    case 'NE':
      return canonical(value) !== canonical(target);
    case 'CONTAINS':
      return typeof value === 'string' && typeof target === 'string' && value.includes(target);
    case 'GT':
    case 'GTE':
    case 'LT':
    case 'LTE': {
      if (typeof value !== 'number' || typeof target !== 'number') return false;
      if (condition.operator === 'GT') return value > target;
      if (condition.operator === 'GTE') return value >= target;
      if (condition.operator === 'LT') return value < target;
      return value <= target;
    }
    default:
      return false;
  }
}

/**
 * CHANGED fires on every new value; the other conditions fire when they start to hold (a temperature
 * crossing 30, not every reading above it), so the state "held at the last value" is kept per trigger.
 */
export const firesOnEveryValue = (condition: Condition) => condition.operator === 'CHANGED';

interface ValueRun<V> {
  /** Whether the condition held at the first value of the run. */
  first: boolean;
  /** Whether it started to hold within the run (false, then true). */
  rose: boolean;
  /** Whether it held at the last value. */
  last: boolean;
  /** The value to report when the trigger fires: where it started to hold, else the first holding one. */
  firing: V | undefined;
}

/** Sums up a trigger's values of one batch (oldest first) for the firing decision the database takes. */
export function summarise<V extends { value: unknown }>(
  condition: Condition,
  values: readonly V[],
): ValueRun<V> {
  const every = firesOnEveryValue(condition);
  let first = false;
  let rose = false;
  let last = false;
  let firing: V | undefined;
  let firstHolding: V | undefined;
  values.forEach((v, i) => {
    const holds = conditionHolds(condition, v.value);
    if (i === 0) first = holds;
    else if (holds && (!last || every)) {
      rose = true;
      firing ??= v;
    }
    if (holds) firstHolding ??= v;
    last = holds;
  });
  if (every && values.length > 0) {
    // Every value fires: report the newest.
    return { first, rose: true, last, firing: values[values.length - 1] };
  }
  return { first, rose, last, firing: firing ?? firstHolding };
}

import type { Trigger, TriggerCondition } from '@/features/iot/api/schemas.ts';

/**
 * A trigger's condition in words, to follow "When it …" (the API's operators: `CHANGED`, comparisons,
 * `TRUE`/`FALSE`, `CONTAINS` for variables; `CONNECTED`/`DISCONNECTED`, or none for both, for devices).
 */

const PHRASES: Record<string, (value: string) => string> = {
  CHANGED: () => 'changes',
  EQ: (v) => `equals ${v}`,
  NE: (v) => `differs from ${v}`,
  GT: (v) => `is above ${v}`,
  GTE: (v) => `is ${v} or more`,
  LT: (v) => `is below ${v}`,
  LTE: (v) => `is ${v} or less`,
  TRUE: () => 'is true',
  FALSE: () => 'is false',
  CONTAINS: (v) => `contains ${v}`,
};

const MAX_VALUE_CHARS = 40;

/** Texts in quotes, so `"30"` and `30` read differently; long values are cut. */
export function conditionValueText(value: unknown): string {
  const text =
    typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  if (text === undefined) return '';
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

export function variableConditionText(condition: TriggerCondition | undefined): string {
  const operator = condition?.operator ?? 'CHANGED';
  const phrase = PHRASES[operator];
  return phrase ? phrase(conditionValueText(condition?.value)) : operator.toLowerCase();
}

/** Grace periods are whole seconds; shown in the largest unit that divides them. */
export function durationText(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400} d`;
  if (seconds % 3_600 === 0) return `${seconds / 3_600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

const held = (seconds: number | undefined) => (seconds ? ` for ${durationText(seconds)}` : '');

/** A device status trigger fires only once the device has kept its new status for the grace period. */
export function statusConditionText(
  condition: TriggerCondition | undefined,
  source: NonNullable<Trigger['device_status_source']>,
): string {
  const online = `goes online${held(source.grace_period_online)}`;
  const offline = `goes offline${held(source.grace_period_offline)}`;
  if (condition?.operator === 'CONNECTED') return online;
  if (condition?.operator === 'DISCONNECTED') return offline;
  const graced = source.grace_period_online || source.grace_period_offline;
  return graced ? `${online} or ${offline}` : 'goes online or offline';
}

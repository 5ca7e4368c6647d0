import { valueShapeOf } from './property-types.ts';
import type { ConditionOperator } from './triggers.ts';

/**
 * Which conditions a trigger on a variable may have, by the kind of value the variable holds: what the
 * server accepts (`triggers.service.ts`) and what the trigger dialog offers. CHANGED fires on every new value.
 */
const NUMERIC: readonly ConditionOperator[] = ['CHANGED', 'EQ', 'NE', 'GT', 'GTE', 'LT', 'LTE'];
export const CONDITION_OPERATORS_BY_KIND: Record<string, readonly ConditionOperator[]> = {
  number: NUMERIC,
  integer: NUMERIC,
  boolean: ['CHANGED', 'TRUE', 'FALSE'],
  string: ['CHANGED', 'EQ', 'NE', 'CONTAINS'],
  object: ['CHANGED', 'EQ', 'NE'],
};

/** The value kind of a property type as trigger conditions see it (unknown types count as objects). */
export const conditionKindOf = (type: string) => valueShapeOf(type)?.kind ?? 'object';

export const conditionOperatorsFor = (type: string): readonly ConditionOperator[] =>
  CONDITION_OPERATORS_BY_KIND[conditionKindOf(type)] ?? ['CHANGED'];

/** The operators that compare with a value (the others, CHANGED, TRUE and FALSE, stand alone). */
export const conditionNeedsValue = (operator: ConditionOperator) =>
  !['CHANGED', 'TRUE', 'FALSE', 'CONNECTED', 'DISCONNECTED'].includes(operator);

/** A placeholder in a message template: `{{property.value}}`, spaces inside the braces allowed. */
export const PLACEHOLDER_PATTERN = /\{\{\s*([A-Za-z0-9_.-]{1,64})\s*\}\}/g;

/** Which triggers a placeholder means something for: a variable's, a device status', or both. */
export type PlaceholderSource = 'variable' | 'device' | 'any';

/**
 * The `{{entity.attribute}}` placeholders the server expands when a trigger fires (`trigger-templates.ts`).
 * A placeholder naming nothing the firing knows is left as written.
 */
export const TRIGGER_PLACEHOLDERS: readonly { name: string; says: string; source: PlaceholderSource }[] = [
  { name: 'trigger.name', says: "the trigger's name", source: 'any' },
  { name: 'property.name', says: "the variable's name", source: 'variable' },
  { name: 'property.value', says: 'the value that fired the trigger', source: 'variable' },
  { name: 'property.timestamp', says: 'when the value arrived (ISO 8601, UTC)', source: 'variable' },
  { name: 'thing.name', says: "the variable's thing", source: 'variable' },
  { name: 'device.name', says: 'the device that went online or offline', source: 'device' },
  { name: 'device.status', says: 'ONLINE or OFFLINE', source: 'device' },
  { name: 'device.timestamp', says: 'when the status changed (ISO 8601, UTC)', source: 'device' },
  { name: 'recipient.name', says: 'the name of the person reading it', source: 'any' },
  { name: 'recipient.username', says: 'the username of the person reading it', source: 'any' },
  { name: 'recipient.email', says: 'the e-mail address of the person reading it', source: 'any' },
];

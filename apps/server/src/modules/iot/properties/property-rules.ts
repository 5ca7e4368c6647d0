import { isWritableType } from '@tinkercloud/shared/iot';
import { AppError } from '../../../errors.ts';
import type { TelemetryPoint, TelemetryStore } from '../../telemetry/telemetry-store.ts';
import { checkValue, numericReading } from '../catalogue/property-types.ts';
import type { PropertyRow } from './properties.repository.ts';
import type { PropertyPayload } from './properties.schemas.ts';

const VARIABLE = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** The sketch variable a property maps to: as given, else its name when that is a valid C identifier. */
export function variableOf(p: Pick<PropertyPayload, 'name' | 'variable_name'>): string | null {
  if (p.variable_name) return p.variable_name;
  return VARIABLE.test(p.name) && p.name.length <= 64 ? p.name : null;
}

/** Column values of a property payload, after the rules the schema cannot express. */
export function propertyColumns(p: PropertyPayload) {
  if (p.permission === 'READ_WRITE' && !isWritableType(p.type)) {
    throw new AppError('validation_error', `A ${p.type} property can only be READ_ONLY.`);
  }
  if (p.min_value !== undefined && p.max_value !== undefined && p.min_value > p.max_value) {
    throw new AppError('validation_error', 'min_value must not be greater than max_value.');
  }
  return {
    name: p.name,
    variableName: variableOf(p),
    type: p.type,
    permission: p.permission,
    updateStrategy: p.update_strategy,
    updateParameter: p.update_parameter ?? 0,
    minValue: p.min_value ?? null,
    maxValue: p.max_value ?? null,
    persist: p.persist ?? true,
  };
}

/** Refuses two properties of one payload with the same sketch variable. */
export function checkDistinctVariables(list: readonly PropertyPayload[]) {
  const seen = new Set<string>();
  for (const p of list) {
    const v = variableOf(p);
    if (v === null) continue;
    if (seen.has(v)) throw new AppError('validation_error', `Two properties use the variable name ${v}.`);
    seen.add(v);
  }
}

export const variableTaken = (v: string) =>
  new AppError('conflict', `The variable name ${v} is already used in this thing.`);

/** The value as a telemetry point, after checking it against the property's type. */
export function checkedPoint(property: PropertyRow, value: unknown, at: Date): TelemetryPoint {
  const problem = checkValue(property.type, value);
  if (problem)
    throw new AppError(
      'validation_error',
      `Invalid value for ${property.name} (${property.type}): ${problem}.`,
    );
  return { propertyId: property.id, at, value, num: numericReading(property.type, value) };
}

/**
 * Checks a value against the property's type, then stores it: the last value when newer, and the series when
 * the property is persisted (the store reads `persist`).
 */
export async function publishValue(
  store: Pick<TelemetryStore, 'write'>,
  property: PropertyRow,
  value: unknown,
  at = new Date(),
) {
  await store.write([checkedPoint(property, value, at)]);
}

import { isVariableName, NAME_MAX_LENGTH } from '@tinkercloud/shared';
import {
  hasMinMax,
  isWritableType,
  type PropertyPermission,
  type PropertyRequest,
  propertySettingsSchema,
  propertyTypeInfo,
  type UpdateStrategy,
} from '@tinkercloud/shared/iot';
import type { Property } from '@/features/iot/api/schemas.ts';

/** What the variable dialog holds while it is edited (numbers as typed, checked on submit). */
export interface VariableForm {
  name: string;
  type: string;
  permission: PropertyPermission;
  strategy: UpdateStrategy;
  /** ON_CHANGE: the threshold (smallest change sent); TIMED: the interval in seconds. */
  parameter: string;
  persist: boolean;
  min: string;
  max: string;
}

export type VariableField = 'name' | 'type' | 'parameter' | 'min' | 'max';
export type VariableErrors = Partial<Record<VariableField, string>>;

export const NEW_VARIABLE: VariableForm = {
  name: '',
  type: '',
  permission: 'READ_WRITE',
  strategy: 'ON_CHANGE',
  parameter: '0',
  persist: true,
  min: '',
  max: '',
};

const text = (n: number | undefined) => (n === undefined ? '' : String(n));

export function formOf(property: Property): VariableForm {
  const settings = propertySettingsSchema.parse(property);
  return {
    name: property.name,
    type: property.type,
    permission: property.permission === 'READ_ONLY' ? 'READ_ONLY' : 'READ_WRITE',
    strategy: property.update_strategy === 'TIMED' ? 'TIMED' : 'ON_CHANGE',
    parameter: text(settings.update_parameter) || '0',
    persist: settings.persist ?? true,
    min: text(settings.min_value),
    max: text(settings.max_value),
  };
}

/** The form after a type change: a read-only type (a sensor) cannot stay read-write. */
export function withType(form: VariableForm, type: string): VariableForm {
  return { ...form, type, permission: isWritableType(type) ? form.permission : 'READ_ONLY' };
}

const optionalNumber = (s: string) => (s.trim() === '' ? undefined : Number(s));

/**
 * Checks the form (the name rule of spec section 5 for sketch variables, a catalogue type, the update
 * parameter, min ≤ max) and builds the request, or says what to fix, field by field.
 */
export function checkVariable(
  form: VariableForm,
  takenNames: readonly string[],
  /** The types offered (the server's list); the bundled catalogue by default. */
  known: (type: string) => boolean = (type) => !!propertyTypeInfo(type),
): { ok: true; request: PropertyRequest } | { ok: false; errors: VariableErrors } {
  const errors: VariableErrors = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'Enter a name for the variable.';
  else if (!isVariableName(name))
    errors.name = `Start with a letter, then use letters, digits or _ only (at most ${NAME_MAX_LENGTH} characters).`;
  else if (takenNames.includes(name)) errors.name = 'Another variable of this thing has this name.';
  if (!known(form.type)) errors.type = 'Choose a type.';

  const parameter = Number(form.parameter.trim() === '' ? Number.NaN : form.parameter);
  if (form.strategy === 'TIMED' && !(Number.isInteger(parameter) && parameter >= 1))
    errors.parameter = 'Enter a whole number of seconds, at least 1.';
  if (form.strategy === 'ON_CHANGE' && !(Number.isFinite(parameter) && parameter >= 0))
    errors.parameter = 'Enter a threshold of 0 or more (0 sends every change).';

  const withRange = hasMinMax(form.type);
  const min = withRange ? optionalNumber(form.min) : undefined;
  const max = withRange ? optionalNumber(form.max) : undefined;
  if (min !== undefined && !Number.isFinite(min)) errors.min = 'Enter a number, or leave it empty.';
  if (max !== undefined && !Number.isFinite(max)) errors.max = 'Enter a number, or leave it empty.';
  else if (min !== undefined && max !== undefined && min > max)
    errors.max = 'The maximum must not be less than the minimum.';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    request: {
      name,
      type: form.type,
      permission: isWritableType(form.type) ? form.permission : 'READ_ONLY',
      update_strategy: form.strategy,
      update_parameter: parameter,
      persist: form.persist,
      ...(min === undefined ? {} : { min_value: min }),
      ...(max === undefined ? {} : { max_value: max }),
    },
  };
}

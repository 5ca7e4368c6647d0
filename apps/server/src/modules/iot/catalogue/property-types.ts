/**
 * How the server checks a property value and reads it as a number. The catalogue itself (types, groups, value
 * shapes) is packages/shared's, shared with the web.
 */

import { checkPropertyValue, MAX_STRING_LENGTH } from '@tinkercloud/device-protocol';
import { valueShapeOf } from '@tinkercloud/shared/iot';

export {
  declarationOf,
  isNumericType,
  PROPERTY_TYPE_VALUES,
  PROPERTY_TYPES,
  type PropertyTypeInfo,
  type ValueShape,
  valueShapeOf,
} from '@tinkercloud/shared/iot';

/** Strings longer than this are refused as property values. */
const MAX_STRING_VALUE = MAX_STRING_LENGTH;

/**
 * Why `value` does not fit the type, or null when it does. The rules are the device protocol's (what a board
 * can hold: int32, uint32, float32, the ranges a type implies), so a value the API accepts can always be
 * delivered; only free-form objects are checked here, as JSON of bounded size.
 */
export function checkValue(type: string, value: unknown): string | null {
  const s = valueShapeOf(type);
  if (!s) return `unknown property type ${type}`;
  if (s.kind === 'object' && !s.fields) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'an object is expected';
    return JSON.stringify(value).length <= MAX_STRING_VALUE ? null : 'the value is too large';
  }
  return checkPropertyValue(type, value);
}

/** The number a value stands for in time series (booleans as 0/1); null for strings and objects. */
export function numericReading(type: string, value: unknown): number | null {
  const s = valueShapeOf(type);
  if (!s) return null;
  if (s.kind === 'number' || s.kind === 'integer') return typeof value === 'number' ? value : null;
  if (s.kind === 'boolean') return typeof value === 'boolean' ? (value ? 1 : 0) : null;
  return null;
}

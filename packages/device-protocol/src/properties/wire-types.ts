/**
 * How a value of each property type (the 132 values of upstream's `property.type`) travels on the wire: the
 * CBOR kind the ArduinoIoTCloud library writes for it (`CloudFloat` and its typedefs as float32, `CloudInt` as
 * a signed integer, `CloudUnsignedInt` as an unsigned one, strings under `vs`, booleans under `vb`) and, for
 * complex types, its attributes in the order the library appends them (that order numbers the attributes of
 * the "light payload"). Limits are those of the C++ types (int32, uint32, float32) plus the ranges a type
 * itself implies (hue 0–360°, latitude ±90°, a TV input from the library's list…); units such as percentages
 * are not bounded, as the library does not bound them.
 */

export type WireKind = 'float' | 'int' | 'uint' | 'bool' | 'string';

export interface ScalarWire {
  kind: WireKind;
  min?: number;
  max?: number;
}

export interface AttributeWire extends ScalarWire {
  name: string;
}

export type WireType =
  | { shape: 'scalar'; value: ScalarWire }
  | { shape: 'composite'; attributes: readonly AttributeWire[] }
  /** `GENERIC_COMPLEX_PROPERTY` (CloudWrapperBase): any attributes, each a number, string or boolean. */
  | { shape: 'open' };

export const INT32_MIN = -(2 ** 31);
export const INT32_MAX = 2 ** 31 - 1;
export const UINT32_MAX = 2 ** 32 - 1;
export const FLOAT32_MAX = 3.4028234663852886e38;
/** Longer strings are refused as property values (the REST API applies the same limit). */
export const MAX_STRING_LENGTH = 4096;

const scalar = (kind: WireKind, min?: number, max?: number): WireType => ({
  shape: 'scalar',
  value: { kind, ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) },
});
const attr = (name: string, kind: WireKind, min?: number, max?: number): AttributeWire => ({
  name,
  kind,
  ...(min === undefined ? {} : { min }),
  ...(max === undefined ? {} : { max }),
});
const composite = (...attributes: AttributeWire[]): WireType => ({ shape: 'composite', attributes });

const FLOAT = scalar('float');
const BOOL = scalar('bool');

const LOCATION = composite(attr('lat', 'float', -90, 90), attr('lon', 'float', -180, 180));
const HSB = [attr('hue', 'float', 0, 360), attr('sat', 'float', 0, 100), attr('bri', 'float', 0, 100)];
const COLOR = composite(...HSB);
const DIMMED_LIGHT = composite(attr('swi', 'bool'), attr('bri', 'float', 0, 100));
const COLORED_LIGHT = composite(attr('swi', 'bool'), ...HSB);
const TELEVISION = composite(
  attr('swi', 'bool'),
  attr('vol', 'int', 0, 100),
  attr('mut', 'bool'),
  // PlaybackCommands 0–7, or 255 for none.
  attr('pbc', 'int', 0, 255),
  // InputValue AUX1 (0) … XBOX (60).
  attr('inp', 'int', 0, 60),
  attr('cha', 'int'),
);
const SCHEDULE = composite(attr('frm', 'uint'), attr('to', 'uint'), attr('len', 'uint'), attr('msk', 'uint'));
const COLOR_RGB = composite(attr('r', 'int', 0, 255), attr('g', 'int', 0, 255), attr('b', 'int', 0, 255));

const FLOAT_TYPES = [
  // Unit families (typedefs of CloudFloat).
  'ENERGY',
  'FORCE',
  'TEMPERATURE',
  'POWER',
  'ELECTRIC_CURRENT',
  'ELECTRIC_POTENTIAL',
  'ELECTRICAL_RESISTANCE',
  'CAPACITANCE',
  'FREQUENCY',
  'DATA_RATE',
  'HEART_BEATS',
  'ACCELERATION',
  'AREA',
  'LENGTH',
  'VELOCITY',
  'MASS',
  'VOLUME',
  'FLOW_RATE',
  'ANGLE',
  'ILLUMINANCE',
  'LUMINOUS_FLUX',
  'LUMINANCE',
  'LUMINOUS_INTENSITY',
  'LOGARITHMIC_QUANTITY',
  'PRESSURE',
  'PERCENTAGE',
  'PERCENTAGE_RELATIVE_HUMIDITY',
  'FLOAT',
  // Single units of the first API version.
  'AMPERE',
  'BECQUEREL',
  'BEL',
  'BIT_PER_SECOND',
  'CANDELA',
  'CANDELA_PER_SQUARE_METER',
  'COULOMB',
  'CUBIC_METER',
  'CUBIC_METER_PER_SECOND',
  'DECIBEL',
  'DECIBEL_1W',
  'EVENT_RATE_MINUTE',
  'EVENT_RATE_SECOND',
  'FARAD',
  'GRAM',
  'GRAY',
  'HEART_RATE',
  'HENRY',
  'HERTZ',
  'JOULE',
  'KATAL',
  'KELVIN',
  'KILOGRAM',
  'LENGHT_C',
  'LENGHT_I',
  'LENGHT_M',
  'LITER',
  'LITER_PER_SECOND',
  'LUMEN',
  'LUX',
  'METER_PER_SECOND',
  'METER_PER_SQUARE_SECOND',
  'MOLE',
  'NEWTON',
  'OHM',
  'PASCAL',
  'PERCENTAGE_BATTERY_LEVEL',
  'PH_VALUE',
  'RADIAN',
  'RATIO_DIV',
  'SECONDS_BATTERY_LEVEL',
  'SIEMENS',
  'SIEMENS_PER_METER',
  'SIEVERT',
  'SQUARE_METER',
  'STERADIAN',
  'TEMPERATURE_C',
  'TEMPERATURE_F',
  'TESLA',
  'VOLT',
  'WATT',
  'WATT_PER_SQUARE_METER',
  'WEBER',
  // Old aliases.
  'ANALOG',
  'METER',
  'SECOND',
  'DEGREES_CELSIUS',
  'RATIO_MOD',
];

const TABLE = new Map<string, WireType>([
  ...FLOAT_TYPES.map((t): [string, WireType] => [t, FLOAT]),
  ['DEGREES_LATITUDE', scalar('float', -90, 90)],
  ['DEGREES_LONGITUDE', scalar('float', -180, 180)],
  ['INT', scalar('int', INT32_MIN, INT32_MAX)],
  ['COUNT', scalar('int', INT32_MIN, INT32_MAX)],
  ['INFORMATION_CONTENT', scalar('int', INT32_MIN, INT32_MAX)],
  ['BIT', scalar('int', INT32_MIN, INT32_MAX)],
  ['TIME', scalar('uint', 0, UINT32_MAX)],
  ['STATUS', BOOL],
  ['CHARSTRING', scalar('string')],
  ['LOCATION', LOCATION],
  ['COLOR_HSB', COLOR],
  ['COLOR_RGB', COLOR_RGB],
  ['SCHEDULE', SCHEDULE],
  ['GENERIC_COMPLEX_PROPERTY', { shape: 'open' }],
]);

/** Smart-home types, and their assistant-specific variants (no Google television upstream). */
const HOME: Record<string, WireType> = {
  HOME_LIGHT: BOOL,
  HOME_CONTACT_SENSOR: BOOL,
  HOME_MOTION_SENSOR: BOOL,
  HOME_SMART_PLUG: BOOL,
  HOME_SWITCH: BOOL,
  HOME_DIMMED_LIGHT: DIMMED_LIGHT,
  HOME_COLORED_LIGHT: COLORED_LIGHT,
  HOME_TEMPERATURE: FLOAT,
  HOME_TEMPERATURE_C: FLOAT,
  HOME_TEMPERATURE_F: FLOAT,
  HOME_TELEVISION: TELEVISION,
};
for (const [type, wire] of Object.entries(HOME)) {
  TABLE.set(type, wire);
  TABLE.set(`SMART_${type}`, wire);
  if (type !== 'HOME_TELEVISION') TABLE.set(`GOOGLE_${type}`, wire);
}

/** Hidden properties the library adds to every thing (`tz_offset` int seconds, `tz_dst_until` uint epoch). */
export const TIMEZONE_PROPERTIES: ReadonlyMap<string, string> = new Map([
  ['tz_offset', 'INT'],
  ['tz_dst_until', 'TIME'],
]);

/** Every property type the wire table knows. */
export const WIRE_PROPERTY_TYPES: readonly string[] = [...TABLE.keys()];

export function wireTypeOf(type: string): WireType | undefined {
  return TABLE.get(type);
}

/**
 * Property types: the catalogue `GET /iot/v1/property_types` serves (the 104 values of upstream's
 * `ArduinoPropertytype.type`) and how a value of each of the 132 `property.type` values is checked and read
 * as a number. Declarations are the C++ types of the ArduinoIoTCloud library; names, units and tags are ours.
 */

import { checkPropertyValue, MAX_STRING_LENGTH } from '@tinkercloud/device-protocol';

/** The value a property holds: a scalar, or an object with these fields (types of its members). */
type ValueShape =
  | { kind: 'number' }
  | { kind: 'integer' }
  | { kind: 'boolean' }
  | { kind: 'string' }
  | { kind: 'object'; fields: Record<string, 'number' | 'integer' | 'boolean'> | null };

interface PropertyTypeInfo {
  type: string;
  name: string;
  declaration: string;
  deprecated: boolean;
  rw: boolean;
  assistants: string[];
  tags: string[];
  units: string[];
  example?: string;
  supersededBy?: string;
}

const NUMBER: ValueShape = { kind: 'number' };
const INTEGER: ValueShape = { kind: 'integer' };
const BOOLEAN: ValueShape = { kind: 'boolean' };
const STRING: ValueShape = { kind: 'string' };
const shape = (fields: Record<string, 'number' | 'integer' | 'boolean'>): ValueShape => ({
  kind: 'object',
  fields,
});
const LOCATION = shape({ lat: 'number', lon: 'number' });
const COLOR = shape({ hue: 'number', sat: 'number', bri: 'number' });
const DIMMED_LIGHT = shape({ swi: 'boolean', bri: 'number' });
const COLORED_LIGHT = shape({ swi: 'boolean', hue: 'number', sat: 'number', bri: 'number' });
const TELEVISION = shape({
  swi: 'boolean',
  vol: 'integer',
  mut: 'boolean',
  pbc: 'integer',
  inp: 'integer',
  cha: 'integer',
});
const SCHEDULE = shape({ frm: 'integer', to: 'integer', len: 'integer', msk: 'integer' });

interface Entry extends PropertyTypeInfo {
  value: ValueShape;
}

const basic = (
  type: string,
  name: string,
  declaration: string,
  value: ValueShape,
  example: string,
): Entry => ({
  type,
  name,
  declaration,
  deprecated: false,
  rw: true,
  assistants: [],
  tags: ['basic'],
  units: [],
  example,
  value,
});

const family = (
  type: string,
  name: string,
  declaration: string,
  units: string[],
  value: ValueShape = NUMBER,
  tags: string[] = ['specialized'],
): Entry => ({
  type,
  name,
  declaration,
  deprecated: false,
  rw: true,
  assistants: [],
  tags,
  units,
  example: `${declaration} ${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')};`,
  value,
});

const VOICE = ['ALEXA', 'GOOGLE'];
const home = (
  type: string,
  name: string,
  declaration: string,
  value: ValueShape,
  rw = true,
  units: string[] = [],
): Entry => ({
  type,
  name,
  declaration,
  deprecated: false,
  rw,
  assistants: VOICE,
  tags: ['smart home'],
  units,
  example: `${declaration} ${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')};`,
  value,
});

const legacy = (
  type: string,
  name: string,
  supersededBy: string,
  units: string[],
  value: ValueShape = NUMBER,
): Entry => ({
  type,
  name,
  declaration: value.kind === 'integer' ? 'int' : 'float',
  deprecated: true,
  rw: true,
  assistants: [],
  tags: ['legacy'],
  units,
  supersededBy,
  value,
});

const CATALOGUE: Entry[] = [
  // Unit families (ArduinoIoTCloud typedefs of CloudFloat / CloudInt / CloudUnsignedInt).
  family('ENERGY', 'Energy', 'CloudEnergy', ['Joule', 'Kilojoule', 'Watt hour', 'Kilowatt hour', 'Calorie']),
  family('FORCE', 'Force', 'CloudForce', ['Newton', 'Kilonewton', 'Pound-force']),
  family('TEMPERATURE', 'Temperature', 'CloudTemperature', ['Celsius', 'Fahrenheit', 'Kelvin']),
  family('POWER', 'Power', 'CloudPower', ['Watt', 'Kilowatt', 'Milliwatt', 'Horsepower']),
  family('ELECTRIC_CURRENT', 'Electric Current', 'CloudElectricCurrent', ['Ampere', 'Milliampere']),
  family('ELECTRIC_POTENTIAL', 'Electric Potential', 'CloudElectricPotential', ['Volt', 'Millivolt']),
  family('ELECTRICAL_RESISTANCE', 'Electrical Resistance', 'CloudElectricResistance', [
    'Ohm',
    'Kiloohm',
    'Megaohm',
  ]),
  family('CAPACITANCE', 'Capacitance', 'CloudCapacitance', ['Farad', 'Microfarad', 'Nanofarad', 'Picofarad']),
  family('TIME', 'Time', 'CloudTime', ['Second', 'Minute', 'Hour', 'Day'], INTEGER),
  family('FREQUENCY', 'Frequency', 'CloudFrequency', [
    'Hertz',
    'Kilohertz',
    'Megahertz',
    'Events per minute',
  ]),
  family('DATA_RATE', 'Data Rate', 'CloudDataRate', [
    'Bit per second',
    'Kilobit per second',
    'Byte per second',
  ]),
  family('HEART_BEATS', 'Heart Beats', 'CloudHeartRate', ['Beats per minute']),
  family('COUNT', 'Counter', 'CloudCounter', [], INTEGER),
  family('ACCELERATION', 'Acceleration', 'CloudAcceleration', ['Meter per square second', 'G-force']),
  family('AREA', 'Area', 'CloudArea', ['Square meter', 'Square kilometer', 'Hectare', 'Square foot']),
  family('LENGTH', 'Length', 'CloudLength', [
    'Meter',
    'Centimeter',
    'Millimeter',
    'Kilometer',
    'Inch',
    'Foot',
  ]),
  family('VELOCITY', 'Velocity', 'CloudVelocity', [
    'Meter per second',
    'Kilometer per hour',
    'Mile per hour',
  ]),
  family('LOCATION', 'Location', 'CloudLocation', [], LOCATION),
  family('MASS', 'Mass', 'CloudMass', ['Kilogram', 'Gram', 'Milligram', 'Pound', 'Ounce']),
  family('VOLUME', 'Volume', 'CloudVolume', ['Cubic meter', 'Liter', 'Milliliter', 'Gallon']),
  family('FLOW_RATE', 'Flow Rate', 'CloudFlowRate', [
    'Cubic meter per second',
    'Liter per second',
    'Liter per minute',
  ]),
  family('ANGLE', 'Angle', 'CloudAngle', ['Degree', 'Radian', 'Steradian']),
  family('ILLUMINANCE', 'Illuminance', 'CloudIlluminance', ['Lux']),
  family('LUMINOUS_FLUX', 'Luminous Flux', 'CloudLuminousFlux', ['Lumen']),
  family('LUMINANCE', 'Luminance', 'CloudLuminance', ['Candela per square meter']),
  family('LUMINOUS_INTENSITY', 'Luminous Intensity', 'CloudLuminousIntensity', ['Candela']),
  family('COLOR_HSB', 'Color', 'CloudColor', [], COLOR),
  family('LOGARITHMIC_QUANTITY', 'Logarithmic Quantity', 'CloudLogarithmicQuantity', [
    'Decibel',
    'Bel',
    'dBW',
  ]),
  family('PRESSURE', 'Pressure', 'CloudPressure', [
    'Pascal',
    'Hectopascal',
    'Bar',
    'Millibar',
    'Atmosphere',
    'PSI',
  ]),
  family(
    'INFORMATION_CONTENT',
    'Information Content',
    'CloudInformationContent',
    ['Bit', 'Byte', 'Kilobyte'],
    INTEGER,
  ),
  family('PERCENTAGE', 'Percentage', 'CloudPercentage', ['Percent']),
  family('PERCENTAGE_RELATIVE_HUMIDITY', 'Relative Humidity', 'CloudRelativeHumidity', ['Percent']),
  family('GENERIC_COMPLEX_PROPERTY', 'Generic Complex Property', 'CloudWrapperBase', [], {
    kind: 'object',
    fields: null,
  }),
  // Smart-home types, usable by voice assistants.
  home('HOME_LIGHT', 'Light', 'CloudLight', BOOLEAN),
  home('HOME_DIMMED_LIGHT', 'Dimmed Light', 'CloudDimmedLight', DIMMED_LIGHT),
  home('HOME_COLORED_LIGHT', 'Colored Light', 'CloudColoredLight', COLORED_LIGHT),
  home('HOME_CONTACT_SENSOR', 'Contact Sensor', 'CloudContactSensor', BOOLEAN, false),
  home('HOME_SMART_PLUG', 'Smart Plug', 'CloudSmartPlug', BOOLEAN),
  home('HOME_SWITCH', 'Switch', 'CloudSwitch', BOOLEAN),
  home('HOME_MOTION_SENSOR', 'Motion Sensor', 'CloudMotionSensor', BOOLEAN, false),
  home('HOME_TEMPERATURE_C', 'Temperature Sensor (°C)', 'CloudTemperatureSensor', NUMBER, false, ['Celsius']),
  home('HOME_TEMPERATURE_F', 'Temperature Sensor (°F)', 'CloudTemperatureSensor', NUMBER, false, [
    'Fahrenheit',
  ]),
  home('HOME_TELEVISION', 'Television', 'CloudTelevision', TELEVISION),
  {
    ...family('SCHEDULE', 'Schedule', 'CloudSchedule', [], SCHEDULE, ['specialized']),
  },
  // Basic types.
  basic('CHARSTRING', 'Character String', 'String', STRING, 'String message;'),
  basic('FLOAT', 'Floating Point Number', 'float', NUMBER, 'float value;'),
  basic('INT', 'Integer Number', 'int', INTEGER, 'int count;'),
  basic('STATUS', 'Boolean', 'bool', BOOLEAN, 'bool on;'),
  // Single units of the first API version, kept readable; new things use the families above.
  legacy('AMPERE', 'Ampere', 'ELECTRIC_CURRENT', ['Ampere']),
  legacy('BECQUEREL', 'Becquerel', 'FLOAT', ['Becquerel']),
  legacy('BEL', 'Bel', 'LOGARITHMIC_QUANTITY', ['Bel']),
  legacy('BIT', 'Bit', 'INFORMATION_CONTENT', ['Bit'], INTEGER),
  legacy('BIT_PER_SECOND', 'Bit per second', 'DATA_RATE', ['Bit per second']),
  legacy('CANDELA', 'Candela', 'LUMINOUS_INTENSITY', ['Candela']),
  legacy('CANDELA_PER_SQUARE_METER', 'Candela per square meter', 'LUMINANCE', ['Candela per square meter']),
  legacy('COULOMB', 'Coulomb', 'FLOAT', ['Coulomb']),
  legacy('CUBIC_METER', 'Cubic meter', 'VOLUME', ['Cubic meter']),
  legacy('CUBIC_METER_PER_SECOND', 'Cubic meter per second', 'FLOW_RATE', ['Cubic meter per second']),
  legacy('DECIBEL', 'Decibel', 'LOGARITHMIC_QUANTITY', ['Decibel']),
  legacy('DECIBEL_1W', 'Decibel (1 W)', 'LOGARITHMIC_QUANTITY', ['dBW']),
  legacy('DEGREES_LATITUDE', 'Latitude', 'LOCATION', ['Degree']),
  legacy('DEGREES_LONGITUDE', 'Longitude', 'LOCATION', ['Degree']),
  legacy('EVENT_RATE_MINUTE', 'Events per minute', 'FREQUENCY', ['Events per minute']),
  legacy('EVENT_RATE_SECOND', 'Events per second', 'FREQUENCY', ['Events per second']),
  legacy('FARAD', 'Farad', 'CAPACITANCE', ['Farad']),
  legacy('GRAM', 'Gram', 'MASS', ['Gram']),
  legacy('GRAY', 'Gray', 'FLOAT', ['Gray']),
  legacy('HEART_RATE', 'Heart rate', 'HEART_BEATS', ['Beats per minute']),
  legacy('HENRY', 'Henry', 'FLOAT', ['Henry']),
  legacy('HERTZ', 'Hertz', 'FREQUENCY', ['Hertz']),
  legacy('JOULE', 'Joule', 'ENERGY', ['Joule']),
  legacy('KATAL', 'Katal', 'FLOAT', ['Katal']),
  legacy('KELVIN', 'Kelvin', 'TEMPERATURE', ['Kelvin']),
  legacy('KILOGRAM', 'Kilogram', 'MASS', ['Kilogram']),
  legacy('LENGHT_C', 'Length (cm)', 'LENGTH', ['Centimeter']),
  legacy('LENGHT_I', 'Length (in)', 'LENGTH', ['Inch']),
  legacy('LENGHT_M', 'Length (m)', 'LENGTH', ['Meter']),
  legacy('LITER', 'Liter', 'VOLUME', ['Liter']),
  legacy('LITER_PER_SECOND', 'Liter per second', 'FLOW_RATE', ['Liter per second']),
  legacy('LUMEN', 'Lumen', 'LUMINOUS_FLUX', ['Lumen']),
  legacy('LUX', 'Lux', 'ILLUMINANCE', ['Lux']),
  legacy('METER_PER_SECOND', 'Meter per second', 'VELOCITY', ['Meter per second']),
  legacy('METER_PER_SQUARE_SECOND', 'Meter per square second', 'ACCELERATION', ['Meter per square second']),
  legacy('MOLE', 'Mole', 'FLOAT', ['Mole']),
  legacy('NEWTON', 'Newton', 'FORCE', ['Newton']),
  legacy('OHM', 'Ohm', 'ELECTRICAL_RESISTANCE', ['Ohm']),
  legacy('PASCAL', 'Pascal', 'PRESSURE', ['Pascal']),
  legacy('PERCENTAGE_BATTERY_LEVEL', 'Battery level', 'PERCENTAGE', ['Percent']),
  legacy('PH_VALUE', 'pH', 'FLOAT', ['pH']),
  legacy('RADIAN', 'Radian', 'ANGLE', ['Radian']),
  legacy('RATIO_DIV', 'Ratio', 'FLOAT', []),
  legacy('SECONDS_BATTERY_LEVEL', 'Battery time left', 'TIME', ['Second']),
  legacy('SIEMENS', 'Siemens', 'FLOAT', ['Siemens']),
  legacy('SIEMENS_PER_METER', 'Siemens per meter', 'FLOAT', ['Siemens per meter']),
  legacy('SIEVERT', 'Sievert', 'FLOAT', ['Sievert']),
  legacy('SQUARE_METER', 'Square meter', 'AREA', ['Square meter']),
  legacy('STERADIAN', 'Steradian', 'ANGLE', ['Steradian']),
  legacy('TEMPERATURE_C', 'Temperature (°C)', 'TEMPERATURE', ['Celsius']),
  legacy('TEMPERATURE_F', 'Temperature (°F)', 'TEMPERATURE', ['Fahrenheit']),
  legacy('TESLA', 'Tesla', 'FLOAT', ['Tesla']),
  legacy('VOLT', 'Volt', 'ELECTRIC_POTENTIAL', ['Volt']),
  legacy('WATT', 'Watt', 'POWER', ['Watt']),
  legacy('WATT_PER_SQUARE_METER', 'Watt per square meter', 'FLOAT', ['Watt per square meter']),
  legacy('WEBER', 'Weber', 'FLOAT', ['Weber']),
];

/** The answer of `GET /iot/v1/property_types`, without our internal value shapes. */
export const PROPERTY_TYPES: readonly PropertyTypeInfo[] = CATALOGUE.map(
  ({ value: _value, ...info }) => info,
);

/** Values `property.type` accepts beyond the catalogue: old aliases and assistant-specific variants. */
const EXTRA_SHAPES: Record<string, ValueShape> = {
  ANALOG: NUMBER,
  METER: NUMBER,
  SECOND: NUMBER,
  DEGREES_CELSIUS: NUMBER,
  RATIO_MOD: NUMBER,
  COLOR_RGB: shape({ r: 'integer', g: 'integer', b: 'integer' }),
  HOME_TEMPERATURE: NUMBER,
};

const SHAPES = new Map<string, ValueShape>(CATALOGUE.map((e) => [e.type, e.value]));
for (const [type, value] of Object.entries(EXTRA_SHAPES)) SHAPES.set(type, value);
for (const prefix of ['GOOGLE_', 'SMART_']) {
  for (const base of [
    'HOME_COLORED_LIGHT',
    'HOME_DIMMED_LIGHT',
    'HOME_LIGHT',
    'HOME_CONTACT_SENSOR',
    'HOME_MOTION_SENSOR',
    'HOME_SMART_PLUG',
    'HOME_TEMPERATURE',
    'HOME_TEMPERATURE_C',
    'HOME_TEMPERATURE_F',
    'HOME_SWITCH',
    'HOME_TELEVISION',
  ]) {
    if (prefix === 'GOOGLE_' && base === 'HOME_TELEVISION') continue;
    const value = SHAPES.get(base);
    if (value) SHAPES.set(`${prefix}${base}`, value);
  }
}

/** Every value of upstream's `property.type` enum (132). */
export const PROPERTY_TYPE_VALUES: readonly string[] = [...SHAPES.keys()];

/** C++ types of the accepted values outside the catalogue (old aliases). */
const EXTRA_DECLARATIONS: Record<string, string> = {
  COLOR_RGB: 'CloudColor',
  HOME_TEMPERATURE: 'CloudTemperatureSensor',
};
const DECLARATIONS = new Map(CATALOGUE.map((e) => [e.type, e.declaration]));

/**
 * The C++ type a sketch declares for a property of `type` (`GOOGLE_`/`SMART_` variants as their base type;
 * other old aliases as plain numbers).
 */
export function declarationOf(type: string): string {
  const base = type.replace(/^(GOOGLE_|SMART_)/, '');
  const known = DECLARATIONS.get(base) ?? EXTRA_DECLARATIONS[base];
  if (known) return known;
  return SHAPES.get(type)?.kind === 'integer' ? 'int' : 'float';
}

export function valueShapeOf(type: string): ValueShape | undefined {
  return SHAPES.get(type);
}

/** Strings longer than this are refused as property values. */
const MAX_STRING_VALUE = MAX_STRING_LENGTH;

/**
 * Why `value` does not fit the type, or null when it does. The rules are the device protocol's (what a board
 * can hold: int32, uint32, float32, the ranges a type implies), so a value the API accepts can always be
 * delivered; only free-form objects are checked here, as JSON of bounded size.
 */
export function checkValue(type: string, value: unknown): string | null {
  const s = SHAPES.get(type);
  if (!s) return `unknown property type ${type}`;
  if (s.kind === 'object' && !s.fields) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'an object is expected';
    return JSON.stringify(value).length <= MAX_STRING_VALUE ? null : 'the value is too large';
  }
  return checkPropertyValue(type, value);
}

/** The number a value stands for in time series (booleans as 0/1); null for strings and objects. */
export function numericReading(type: string, value: unknown): number | null {
  const s = SHAPES.get(type);
  if (!s) return null;
  if (s.kind === 'number' || s.kind === 'integer') return typeof value === 'number' ? value : null;
  if (s.kind === 'boolean') return typeof value === 'boolean' ? (value ? 1 : 0) : null;
  return null;
}

/** True for types whose values time series can aggregate. */
export function isNumericType(type: string): boolean {
  const kind = SHAPES.get(type)?.kind;
  return kind === 'number' || kind === 'integer' || kind === 'boolean';
}

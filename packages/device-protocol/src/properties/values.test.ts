import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../errors.ts';
import { decodeSenml } from '../senml/decode.ts';
import { encodeSenml } from '../senml/encode.ts';
import type { SenmlRecord } from '../senml/record.ts';
import { hex, toHex } from '../testing/hex.ts';
import { checkPropertyValue } from './check.ts';
import { recordsToValues, valueToRecords } from './values.ts';
import { WIRE_PROPERTY_TYPES, wireTypeOf } from './wire-types.ts';

const T = 1_700_000_000_000;

/** One value of every wire shape, with the library bytes where its tests give them. */
const SAMPLES: [string, unknown][] = [
  // biome-ignore lint/suspicious/noApproximativeNumericConstant: the value of the library's own test
  ['FLOAT', 3.14159],
  ['TEMPERATURE', -12.5],
  ['INT', -123],
  ['COUNT', 2_147_483_647],
  ['TIME', 4_294_967_295],
  ['STATUS', false],
  ['HOME_SWITCH', true],
  ['CHARSTRING', 'héllo'],
  ['LOCATION', { lat: 45.5, lon: -73.5 }],
  ['COLOR_HSB', { hue: 120, sat: 50, bri: 75 }],
  ['HOME_DIMMED_LIGHT', { swi: true, bri: 30 }],
  ['GOOGLE_HOME_COLORED_LIGHT', { swi: false, hue: 360, sat: 0, bri: 100 }],
  ['HOME_TELEVISION', { swi: true, vol: 50, mut: false, pbc: 3, inp: 55, cha: 7 }],
  ['SCHEDULE', { frm: 1633305600, to: 1633651200, len: 600, msk: 1140850708 }],
  ['COLOR_RGB', { r: 255, g: 0, b: 12 }],
  ['GENERIC_COMPLEX_PROPERTY', { mode: 'eco', level: 2, on: true }],
];

describe('property values on the wire', () => {
  it('has a wire type for each of the 132 property types', () => {
    expect(WIRE_PROPERTY_TYPES).toHaveLength(132);
    expect(wireTypeOf('TIME')).toEqual({ shape: 'scalar', value: { kind: 'uint', min: 0, max: 4294967295 } });
    expect(wireTypeOf('SMART_HOME_TELEVISION')).toBe(wireTypeOf('HOME_TELEVISION'));
    expect(wireTypeOf('GOOGLE_HOME_TELEVISION')).toBeUndefined();
  });

  it.each(SAMPLES)('%s round-trips through SenML bytes in both time forms', (type, value) => {
    const types = new Map([['p', type]]);
    for (const time of ['seconds', 'bt-milliseconds'] as const) {
      const bytes = encodeSenml(valueToRecords('p', type, value, T), { time });
      const { values, errors } = recordsToValues(decodeSenml(bytes), types);
      expect(errors).toEqual([]);
      expect(values).toEqual([{ name: 'p', value, timeMs: T }]);
    }
  });

  it('writes complex values as the library does (Television and Schedule of its tests)', () => {
    const tv = valueToRecords('test', 'HOME_TELEVISION', SAMPLES[12]?.[1]);
    expect(toHex(encodeSenml(tv))).toBe(
      toHex(
        hex(
          '9F A2 00 68 "test:swi" 04 F5 A2 00 68 "test:vol" 02 18 32 A2 00 68 "test:mut" 04 F4 A2 00 68 "test:pbc" 02 03 A2 00 68 "test:inp" 02 18 37 A2 00 68 "test:cha" 02 07 FF',
        ),
      ),
    );
    const schedule = valueToRecords('test', 'SCHEDULE', SAMPLES[13]?.[1]);
    expect(toHex(encodeSenml(schedule))).toBe(
      toHex(
        hex(
          '9F A2 00 68 "test:frm" 02 1A 61 5A 44 00 A2 00 67 "test:to" 02 1A 61 5F 8A 00 A2 00 68 "test:len" 02 19 02 58 A2 00 68 "test:msk" 02 1A 44 00 00 14 FF',
        ),
      ),
    );
    expect(toHex(encodeSenml(valueToRecords('test', 'FLOAT', 2)))).toBe(
      toHex(hex('9F A2 00 64 "test" 02 FA 40 00 00 00 FF')),
    );
  });

  it('refuses to build records for a value that does not fit', () => {
    expect(() => valueToRecords('p', 'INT', 1.5)).toThrow(ProtocolError);
    expect(() => valueToRecords('p', 'LOCATION', { lat: 1 })).toThrow(/lon is missing/);
    expect(() => valueToRecords('p', 'NOPE', 1)).toThrow(/unknown property type/);
  });
});

describe('recordsToValues', () => {
  const types = new Map([
    ['temp', 'TEMPERATURE'],
    ['count', 'COUNT'],
    ['on', 'STATUS'],
    ['msg', 'CHARSTRING'],
    ['pos', 'LOCATION'],
    ['light', 'HOME_COLORED_LIGHT'],
    ['uptime', 'TIME'],
    ['odd', 'NOT_A_TYPE'],
  ]);

  it('reports every bad record with its reason and keeps the good ones', () => {
    const records = [
      { name: 'temp', value: 21.5 },
      { name: 'temp', value: 'hot' },
      { name: 'temp', value: Number.NaN },
      { name: 'temp', value: 1e39 },
      { name: 'count', value: 2.5 },
      { name: 'count', value: 2 ** 31 },
      { name: 'uptime', value: -1 },
      { name: 'on', value: 'yes' },
      { name: 'on', value: 2 },
      { name: 'msg', value: 'x'.repeat(4097) },
      { name: 'ghost', value: 1 },
      { name: 'odd', value: 1 },
      { name: 'temp' },
      { name: 'temp:x', value: 1 },
      { name: 'pos', value: 1 },
      { name: 'pos:alt', value: 1 },
      { name: '', value: 1 },
      null,
      { name: {}, value: 1 },
      { name: 'temp', value: [1] },
      { name: 'temp', value: 1, timeMs: 'now' },
    ] as unknown as SenmlRecord[];
    const { values, errors } = recordsToValues(records, types);
    expect(values).toEqual([{ name: 'temp', value: 21.5 }]);
    expect(errors).toEqual([
      { name: 'temp', reason: 'a number is expected' },
      { name: 'temp', reason: 'a number is expected' },
      { name: 'temp', reason: 'the value must be from -3.4028234663852886e+38 to 3.4028234663852886e+38' },
      { name: 'count', reason: 'an integer is expected' },
      { name: 'count', reason: 'the value must be from -2147483648 to 2147483647' },
      { name: 'uptime', reason: 'the value must be from 0 to 4294967295' },
      { name: 'on', reason: 'true or false is expected' },
      { name: 'on', reason: 'true or false is expected' },
      { name: 'msg', reason: 'a string of at most 4096 characters is expected' },
      { name: 'ghost', reason: 'unknown property' },
      { name: 'odd', reason: 'unknown property type NOT_A_TYPE' },
      { name: 'temp', reason: 'the record carries no value' },
      { name: 'temp:x', reason: 'temp has no attributes' },
      { name: 'pos', reason: 'pos is sent as pos:attribute records' },
      { name: 'pos:alt', reason: 'pos has no attribute alt' },
      { name: '', reason: 'the record has no name' },
      { name: '', reason: 'malformed record' },
      { name: '', reason: 'the record has no name' },
      { name: 'temp', reason: 'malformed record value' },
      { name: 'temp', reason: 'malformed record time' },
    ]);
  });

  it('reads 0 and 1 as booleans, as the library does, and assembles complex values', () => {
    const { values, errors } = recordsToValues(
      [
        { name: 'on', value: 1 },
        { name: 'light:swi', value: 0, timeMs: T },
        { name: 'light:hue', value: 10, timeMs: T },
        { name: 'light:sat', value: 20, timeMs: T },
        { name: 'light:bri', value: 30, timeMs: T },
        { name: 'pos:lat', value: 1 },
        { name: 'pos:lon', value: 2 },
        { name: 'pos:lat', value: 3 },
        { name: 'pos:lon', value: 4 },
      ],
      types,
    );
    expect(errors).toEqual([]);
    expect(values).toEqual([
      { name: 'on', value: true },
      { name: 'pos', value: { lat: 1, lon: 2 } },
      { name: 'light', value: { swi: false, hue: 10, sat: 20, bri: 30 }, timeMs: T },
      { name: 'pos', value: { lat: 3, lon: 4 } },
    ]);
  });

  it('refuses incomplete or partly wrong complex values as a whole', () => {
    const { values, errors } = recordsToValues(
      [
        { name: 'pos:lat', value: 91 },
        { name: 'pos:lon', value: 2 },
        { name: 'light:swi', value: true },
        { name: 'light:hue', value: 10 },
      ],
      types,
    );
    expect(values).toEqual([]);
    expect(errors).toEqual([
      { name: 'pos:lat', reason: 'the value must be from -90 to 90' },
      { name: 'light', reason: 'attributes missing: sat, bri' },
    ]);
  });

  it('reads arduino-iot-js records: bt in ms on the first record, no value for 0', () => {
    const bytes = encodeSenml(
      [
        { name: 'pos:lat', value: 0, timeMs: T },
        { name: 'pos:lon', value: 7.5 },
        { name: 'count', timeMs: T },
      ],
      { time: 'bt-milliseconds', indefinite: false },
    );
    // The 0 is sent without a value key, as arduino-iot-js 0.13 does.
    const records = decodeSenml(bytes).map((r) => (r.value === 0 ? { name: r.name, timeMs: r.timeMs } : r));
    const { values, errors } = recordsToValues(records, types);
    expect(values).toEqual([]);
    expect(errors).toEqual([
      { name: 'pos:lat', reason: 'the record carries no value' },
      { name: 'count', reason: 'the record carries no value' },
      { name: 'pos', reason: 'attributes missing: lat' },
    ]);
    // Read as the zero values they stand for: 0 for a number (an attribute too), false, "".
    const zeroed = recordsToValues(
      [...records, { name: 'on' }, { name: 'msg' }, { name: 'ghost' }],
      new Map([...types, ['on', 'STATUS'], ['msg', 'CHARSTRING']]),
      { valuelessAsZero: true },
    );
    expect(zeroed.values).toEqual([
      { name: 'count', value: 0, timeMs: T },
      { name: 'on', value: false },
      { name: 'msg', value: '' },
      { name: 'pos', value: { lat: 0, lon: 7.5 }, timeMs: T },
    ]);
    expect(zeroed.zeroFilled).toBe(4);
    expect(zeroed.errors).toEqual([{ name: 'ghost', reason: 'unknown property' }]);
  });

  it('decodes light payload names through the property tags', () => {
    const bytes = hex(
      '9F A2 00 01 04 F5 A2 00 19 01 02 04 F5 A2 00 19 02 02 02 FA 40 00 00 00 A2 00 19 03 02 02 01 A2 00 19 04 02 02 02 A2 00 19 05 02 02 03 A2 00 03 02 01 A2 00 19 05 01 02 01 FF',
    );
    const propertyTags = new Map([
      [1, 'on'],
      [2, 'light'],
      [4, 'pos'],
    ]);
    const { values, errors } = recordsToValues(decodeSenml(bytes), types, { propertyTags });
    expect(values).toEqual([
      { name: 'on', value: true },
      { name: 'light', value: { swi: true, hue: 2, sat: 1, bri: 2 } },
    ]);
    expect(errors).toEqual([
      { name: '1282', reason: 'light has no attribute number 5' },
      { name: '3', reason: 'unknown property tag 3' },
      { name: '1281', reason: 'on has no attribute number 5' },
    ]);
  });

  it('checks JSON values the same way', () => {
    expect(
      checkPropertyValue('HOME_TELEVISION', { swi: true, vol: 101, mut: false, pbc: 0, inp: 0, cha: 1 }),
    ).toBe('field vol: the value must be from 0 to 100');
    expect(checkPropertyValue('STATUS', 1)).toBe('true or false is expected');
    expect(checkPropertyValue('COLOR_HSB', [1, 2, 3])).toBe('an object is expected');
    expect(checkPropertyValue('GENERIC_COMPLEX_PROPERTY', { a: { b: 1 } })).toMatch(/field a/);
    expect(checkPropertyValue('DEGREES_LONGITUDE', -180)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../errors.ts';
import { hex, toHex } from '../testing/hex.ts';
import { decodeSenml } from './decode.ts';
import { encodeSenml } from './encode.ts';
import { isLegacyGetLastValues, LEGACY_GET_LAST_VALUES } from './legacy.ts';
import type { SenmlRecord } from './record.ts';

const NOW = 1_750_000_000_000;

// Payloads of the library's tests (extras/test/src/test_encode.cpp), as its devices publish them on e/o.
describe('SenML as the library writes it', () => {
  it.each([
    ['int', [{ name: 'test', value: 123 }], '9F A2 00 64 74 65 73 74 02 18 7B FF'],
    ['bool', [{ name: 'test', value: true }], '9F A2 00 64 74 65 73 74 04 F5 FF'],
    ['light payload bool', [{ name: 1, value: true }], '9F A2 00 01 04 F5 FF'],
    [
      'float32',
      // biome-ignore lint/suspicious/noApproximativeNumericConstant: the value of the library's own test
      [{ name: 'test', value: 3.14159, numberFormat: 'float32' as const }],
      '9F A2 00 64 74 65 73 74 02 FA 40 49 0F D0 FF',
    ],
    ['string', [{ name: 'test', value: 'test' }], '9F A2 00 64 74 65 73 74 03 64 74 65 73 74 FF'],
    [
      'uint (CloudTime)',
      [{ name: 'test', value: 1633342784 }],
      '9F A2 00 64 74 65 73 74 02 1A 61 5A D5 40 FF',
    ],
    [
      'location',
      [
        { name: 'test:lat', value: 2, numberFormat: 'float32' as const },
        { name: 'test:lon', value: 3, numberFormat: 'float32' as const },
      ],
      '9F A2 00 68 "test:lat" 02 FA 40 00 00 00 A2 00 68 "test:lon" 02 FA 40 40 00 00 FF',
    ],
    [
      'light payload color',
      [257, 513, 769].map((name) => ({ name, value: 2, numberFormat: 'float32' as const })),
      '9F A2 00 19 01 01 02 FA 40 00 00 00 A2 00 19 02 01 02 FA 40 00 00 00 A2 00 19 03 01 02 FA 40 00 00 00 FF',
    ],
  ] as [string, SenmlRecord[], string][])('%s', (_, records, bytes) => {
    expect(toHex(encodeSenml(records))).toBe(toHex(hex(bytes)));
    const decoded = decodeSenml(hex(bytes), { nowMs: NOW });
    expect(decoded).toEqual(records.map(({ numberFormat: _, ...r }) => r));
  });

  it('writes t as unsigned epoch seconds in a third map entry, and a definite array on request', () => {
    const bytes = encodeSenml([{ name: 'x', value: 1, timeMs: 1_700_000_000_999 }], { indefinite: false });
    expect(toHex(bytes)).toBe(toHex(hex('81 A3 00 61 "x" 02 01 06 1A 65 53 F1 00')));
    expect(decodeSenml(bytes)).toEqual([{ name: 'x', value: 1, timeMs: 1_700_000_000_000 }]);
  });
});

describe('decodeSenml', () => {
  it('reads arduino-iot-js records: bt in milliseconds on the first record, no value for 0 and false', () => {
    // [{-3: 1750000000123, 0: "temp", 2: 21.5}, {0: "zero", -3: ...}] as arduino-iot-js 0.13 sends them.
    const bytes = hex(
      '82 A3 22 1B 00 00 01 97 74 20 DC 7B 00 64 "temp" 02 FB 40 35 80 00 00 00 00 00 A2 00 64 "zero" 22 1B 00 00 01 97 74 20 DC 7B',
    );
    expect(decodeSenml(bytes)).toEqual([
      { name: 'temp', value: 21.5, timeMs: 1_750_000_000_123 },
      { name: 'zero', timeMs: 1_750_000_000_123 },
    ]);
  });

  it('applies bt to the following records, reads a small bt as seconds and t as seconds after it', () => {
    const bytes = encodeLabels([
      [
        [-3, 1_700_000_000],
        [0, 'a'],
        [2, 1],
      ],
      [
        [0, 'b'],
        [2, 2],
        [6, 5],
      ],
      [
        [-3, 1_700_000_100_000],
        [0, 'c'],
        [2, 3],
        [6, 1.5],
      ],
    ]);
    expect(decodeSenml(bytes)).toEqual([
      { name: 'a', value: 1, timeMs: 1_700_000_000_000 },
      { name: 'b', value: 2, timeMs: 1_700_000_005_000 },
      { name: 'c', value: 3, timeMs: 1_700_000_101_500 },
    ]);
  });

  it('takes times below 2^28 s as relative to now and keeps bn apart from the name', () => {
    const bytes = encodeLabels([
      [
        [-2, 'urn:uuid:4a1c0ae8-2d5b-4a2c-8c1e-9d5d5a1c3f10'],
        [0, 'temp'],
        [2, 20],
        [6, -10],
      ],
      [
        [0, 'hum'],
        [2, 50],
      ],
    ]);
    expect(decodeSenml(bytes, { nowMs: NOW })).toEqual([
      {
        name: 'temp',
        value: 20,
        timeMs: NOW - 10_000,
        baseName: 'urn:uuid:4a1c0ae8-2d5b-4a2c-8c1e-9d5d5a1c3f10',
      },
      { name: 'hum', value: 50, baseName: 'urn:uuid:4a1c0ae8-2d5b-4a2c-8c1e-9d5d5a1c3f10' },
    ]);
  });

  it('accepts bver, bv, half floats, text labels, and ignores unknown labels and vd', () => {
    const bytes = encodeLabels([
      [
        [-1, 10],
        [-5, 100],
        [0, 'a'],
        [2, 1],
        [99, 'ignored'],
        [8, new Uint8Array([1])],
      ],
      [
        ['n', 'b'],
        ['-3', 1_700_000_000],
        ['vb', false],
      ],
    ]);
    expect(decodeSenml(bytes)).toEqual([
      { name: 'a', value: 101 },
      { name: 'b', value: false, timeMs: 1_700_000_000_000 },
    ]);
    expect(decodeSenml(hex('81 A2 00 61 "h" 02 F9 3E 00'))).toEqual([{ name: 'h', value: 1.5 }]);
  });

  it('keeps NaN (a failed sensor read) as a value for recordsToValues to refuse', () => {
    expect(decodeSenml(hex('81 A2 00 61 "t" 02 FA 7F C0 00 00'))[0]?.value).toBeNaN();
  });

  it('gives float32 values as their shortest decimal', () => {
    const bytes = encodeSenml(
      [21.3, 0.1, -40.25, 1e-7, 123456.79].map((value) => ({
        name: 'f',
        value,
        numberFormat: 'float32' as const,
      })),
    );
    expect(decodeSenml(bytes).map((r) => r.value)).toEqual([21.3, 0.1, -40.25, 1e-7, 123456.79]);
  });

  it.each([
    ['truncated CBOR', '9F A2 00 64 74 65 73'],
    ['a map instead of an array', 'A2 00 61 "x" 02 01'],
    ['an array of non-maps', '81 01'],
    ['a string value under v', '81 A2 00 61 "x" 02 61 "1"'],
    ['a number under vs', '81 A2 00 61 "x" 03 01'],
    ['a number under vb', '81 A2 00 61 "x" 04 01'],
    ['a float name', '81 A2 00 FA 40 00 00 00 02 01'],
    ['a text bt', '81 A2 22 61 "1" 00 61 "x"'],
    ['an infinite t', '81 A2 00 61 "x" 06 FA 7F 80 00 00'],
    ['a missing break', '9F A2 00 61 "x" 02 01'],
  ])('refuses %s with a ProtocolError', (_, bytes) => {
    expect(() => decodeSenml(hex(bytes))).toThrow(ProtocolError);
  });
});

describe('legacy last-values request', () => {
  it('is the fixed request of protocol 1 devices', () => {
    expect(toHex(LEGACY_GET_LAST_VALUES)).toBe(
      '81 A2 00 63 72 3A 6D 03 6D 67 65 74 4C 61 73 74 56 61 6C 75 65 73',
    );
    expect(isLegacyGetLastValues(LEGACY_GET_LAST_VALUES)).toBe(true);
    expect(isLegacyGetLastValues(encodeSenml([{ name: 'r:m', value: 'getLastValues' }]))).toBe(true);
    expect(isLegacyGetLastValues(encodeSenml([{ name: 'r:m', value: 'other' }]))).toBe(false);
    expect(isLegacyGetLastValues(hex('81 A2 00'))).toBe(false);
  });
});

/** A definite array of maps with the given keys in the given order (to write packs the encoder would not). */
function encodeLabels(records: [number | string, number | string | boolean | Uint8Array][][]): Uint8Array {
  const out: number[] = [0x80 | records.length];
  const head = (major: number, n: number) => {
    if (n < 24) out.push((major << 5) | n);
    else if (n < 256) out.push((major << 5) | 24, n);
    else if (n < 2 ** 32) out.push((major << 5) | 26, ...u32(n));
    else out.push((major << 5) | 27, ...u32(Math.floor(n / 2 ** 32)), ...u32(n % 2 ** 32));
  };
  const u32 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  const item = (v: number | string | boolean | Uint8Array) => {
    if (typeof v === 'boolean') out.push(v ? 0xf5 : 0xf4);
    else if (typeof v === 'string') {
      const b = new TextEncoder().encode(v);
      head(3, b.length);
      out.push(...b);
    } else if (v instanceof Uint8Array) {
      head(2, v.length);
      out.push(...v);
    } else if (!Number.isInteger(v)) {
      const f = new DataView(new ArrayBuffer(8));
      f.setFloat64(0, v);
      out.push(0xfb, ...new Uint8Array(f.buffer));
    } else if (v >= 0) head(0, v);
    else head(1, -1 - v);
  };
  for (const r of records) {
    head(5, r.length);
    for (const [k, v] of r) {
      item(k);
      item(v);
    }
  }
  return Uint8Array.from(out);
}

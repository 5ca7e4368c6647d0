import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../errors.ts';
import { hex, toHex } from '../testing/hex.ts';
import { decodeCommand, encodeCommand } from './codec.ts';
import { COMMAND_TAGS, type Command } from './types.ts';

const THING = 'e4494d55-872a-4fd2-9646-92f87949394c';
const SHA_1234 = `01020304${'00'.repeat(28)}`;
const FINAL_SHA = 'df1eac9c7bd63473fffb117f9873703e4ec955931e267f26262b0949bc16dc49';
const OTA_URL = `https://boards-int.oniudra.cc/storage/firmware/v1/${FINAL_SHA}`;

// Byte sequences of the ArduinoIoTCloud library's own tests (extras/test/src/test_command_{en,de}code.cpp)
// and of Arduino_CloudUtils for the version message.
const LIBRARY_VECTORS: [string, Command, string][] = [
  ['ThingUpdate', { type: 'ThingUpdate', thingId: THING }, `DA 00 01 04 00 81 78 24 "${THING}"`],
  ['ThingDetach', { type: 'ThingDetach', thingId: THING }, `DA 00 01 10 00 81 78 24 "${THING}"`],
  ['ThingBegin', { type: 'ThingBegin', thingId: 'thing_id' }, 'DA 00 01 03 00 81 68 74 68 69 6E 67 5F 69 64'],
  ['LastValuesBegin', { type: 'LastValuesBegin' }, 'DA 00 01 05 00 80'],
  ['DeviceBegin', { type: 'DeviceBegin', libVersion: '2.0.0' }, 'DA 00 01 07 00 81 65 "2.0.0"'],
  ['TimezoneUp', { type: 'TimezoneUp' }, 'DA 00 01 08 00 80'],
  [
    'TimezoneDown',
    { type: 'TimezoneDown', offset: 1708963873, until: 2024579473 },
    'DA 00 01 09 00 82 1A 65 DC B8 21 1A 78 AC A1 91',
  ],
  [
    'LastValuesUpdate',
    { type: 'LastValuesUpdate', senml: hex('00 01 02 03 04 05 06 07 08 09 10 11 12') },
    'DA 00 01 06 00 81 4D 00 01 02 03 04 05 06 07 08 09 10 11 12',
  ],
  ['OtaBeginUp', { type: 'OtaBeginUp', sha256: SHA_1234 }, `DA 00 01 00 00 81 58 20 ${SHA_1234}`],
  [
    'OtaProgressUp',
    { type: 'OtaProgressUp', id: '00010203-0405-0607-0809-0a0b0c0d0e0f', state: 1, stateData: -1, time: 100 },
    'DA 00 01 02 00 84 50 00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F E1 20 18 64',
  ],
  [
    'OtaUpdateDown',
    {
      type: 'OtaUpdateDown',
      id: 'c73cb045-f9c2-4345-85af-fa36a307bfe7',
      url: OTA_URL,
      initialSha256: '00'.repeat(32),
      finalSha256: FINAL_SHA,
    },
    `DA 00 01 01 00 84 50 C7 3C B0 45 F9 C2 43 45 85 AF FA 36 A3 07 BF E7 78 72 "${OTA_URL}" 58 20 ${'00 '.repeat(32)} 58 20 ${FINAL_SHA}`,
  ],
  [
    'DeviceNetConfig WiFi',
    { type: 'DeviceNetConfig', adapter: 1, params: ['SSID'] },
    'DA 00 01 11 00 82 01 64 53 53 49 44',
  ],
  [
    'DeviceNetConfig GSM',
    { type: 'DeviceNetConfig', adapter: 3, params: ['apn.arduino.cc', 'username'] },
    'DA 00 01 11 00 83 03 6E "apn.arduino.cc" 68 "username"',
  ],
  [
    'DeviceNetConfig Ethernet',
    {
      type: 'DeviceNetConfig',
      adapter: 6,
      params: [hex('C0 A8 00 02'), hex('08 08 08 08'), hex('C0 A8 01 01'), hex('FF FF FF 00')],
    },
    'DA 00 01 11 00 85 06 44 C0 A8 00 02 44 08 08 08 08 44 C0 A8 01 01 44 FF FF FF 00',
  ],
  ['WiFiFwVersion', { type: 'WiFiFwVersion', version: '1.5.0' }, 'DA 00 01 20 14 81 65 "1.5.0"'],
];

describe('command codec', () => {
  it.each(LIBRARY_VECTORS)('%s: encodes to the library bytes and decodes them back', (_, cmd, bytes) => {
    expect(toHex(encodeCommand(cmd))).toBe(toHex(hex(bytes)));
    expect(decodeCommand(hex(bytes))).toEqual(cmd);
  });

  it('covers every command of the protocol, each in its 4-byte tag form', () => {
    const covered = new Set(LIBRARY_VECTORS.map(([, cmd]) => cmd.type));
    expect([...covered].sort()).toEqual(Object.keys(COMMAND_TAGS).sort());
    for (const [, cmd] of LIBRARY_VECTORS) expect(encodeCommand(cmd)[0]).toBe(0xda);
  });

  it('round-trips the empty thing id (registered device, no thing) and Ethernet on DHCP', () => {
    for (const cmd of [
      { type: 'ThingBegin', thingId: '' },
      { type: 'ThingUpdate', thingId: '' },
      {
        type: 'DeviceNetConfig',
        adapter: 6,
        params: [new Uint8Array(0), new Uint8Array(0), hex(''), hex('')],
      },
      { type: 'DeviceNetConfig', adapter: 0, params: [] },
      { type: 'TimezoneDown', offset: -18000, until: 0 },
      { type: 'OtaProgressUp', id: THING, state: 8, stateData: -2_000_000_000, time: 1_717_171_717_000_001 },
    ] satisfies Command[]) {
      expect(decodeCommand(encodeCommand(cmd))).toEqual(cmd);
    }
    expect(toHex(encodeCommand({ type: 'ThingUpdate', thingId: '' }))).toBe('DA 00 01 04 00 81 60');
  });

  it('accepts a tag in a shorter form and an indefinite parameter array', () => {
    expect(decodeCommand(hex('DA 00 01 05 00 9F FF'))).toEqual({ type: 'LastValuesBegin' });
    expect(decodeCommand(hex('DB 00 00 00 00 00 01 07 00 9F 65 "2.9.0" FF'))).toEqual({
      type: 'DeviceBegin',
      libVersion: '2.9.0',
    });
  });

  it.each([
    ['empty input', ''],
    ['truncated CBOR', 'DA 00 01 04 00 81 78 24 "e4494d55"'],
    ['truncated tag', 'DA 00 01'],
    ['truncated integer (library test)', 'DA 00 01 09 00 82 1A 65 DC B8 21 1A 78 AC'],
    ['no tag', '81 65 "2.0.0"'],
    ['unknown tag', 'DA 00 01 99 00 80'],
    ['tag in a different place (ProtocolV1 style)', 'C1 80'],
    ['parameters not an array', 'DA 00 01 07 00 65 "2.0.0"'],
    ['too few parameters', 'DA 00 01 09 00 81 1A 65 DC B8 21'],
    ['too many parameters', 'DA 00 01 05 00 81 00'],
    ['a number instead of a thing id (library test)', 'DA 00 01 04 00 81 1A 65 DC B8 21'],
    [
      'bytes instead of an offset (library test)',
      'DA 00 01 09 00 82 4D 00 01 02 03 04 05 06 07 08 09 10 11 12 00',
    ],
    ['an integer instead of last values (library test)', 'DA 00 01 06 00 81 1A 65 DC B8 21'],
    ['a 37-character thing id', `DA 00 01 04 00 81 78 25 "${THING}x"`],
    ['a library version longer than its buffer', 'DA 00 01 07 00 81 6A "2.0.0-beta"'],
    ['an until beyond 32 bits', 'DA 00 01 09 00 82 00 1B 00 00 00 01 00 00 00 00'],
    [
      'OTA fields out of order (library test)',
      `DA 00 01 01 00 84 78 04 "http" 50 ${'00 '.repeat(16)} 58 20 ${'00 '.repeat(32)} 58 20 ${'00 '.repeat(32)}`,
    ],
    ['a short sha256', 'DA 00 01 00 00 81 58 10 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00'],
    ['an integer OTA state', `DA 00 01 02 00 84 50 ${'00 '.repeat(16)} 01 20 18 64`],
    ['trailing bytes', 'DA 00 01 05 00 80 00'],
    ['a lone break', 'FF'],
    ['invalid UTF-8', 'DA 00 01 07 00 81 62 C3 28'],
    ['a huge announced array', 'DA 00 01 05 00 9B 7F FF FF FF FF FF FF FF'],
  ])('refuses %s with a ProtocolError', (_, bytes) => {
    expect(() => decodeCommand(hex(bytes))).toThrow(ProtocolError);
  });

  it('refuses to encode what the library could not hold', () => {
    expect(() => encodeCommand({ type: 'ThingUpdate', thingId: `${THING}x` })).toThrow(ProtocolError);
    expect(() => encodeCommand({ type: 'OtaBeginUp', sha256: 'abcd' })).toThrow(ProtocolError);
    expect(() => encodeCommand({ type: 'TimezoneDown', offset: 0.5, until: 0 })).toThrow(ProtocolError);
    expect(() =>
      encodeCommand({ type: 'OtaUpdateDown', id: 'nope', url: '', initialSha256: '', finalSha256: '' }),
    ).toThrow(ProtocolError);
  });
});

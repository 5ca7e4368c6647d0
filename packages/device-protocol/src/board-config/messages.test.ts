import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../errors.ts';
import { hex, toHex } from '../testing/hex.ts';
import {
  type AppMessage,
  type BoardMessage,
  decodeAppMessage,
  decodeBoardMessage,
  describeBoardStatus,
  encodeAppMessage,
  encodeBoardMessage,
  wifiConfigProblem,
} from './messages.ts';

describe('board → app messages', () => {
  const cases: [string, BoardMessage, string][] = [
    ['Status connected', { type: 'status', status: 2 }, 'DA 00 01 20 00 81 02'],
    ['Status failed to connect', { type: 'status', status: -1 }, 'DA 00 01 20 00 81 20'],
    ['Status error', { type: 'status', status: -255 }, 'DA 00 01 20 00 81 38 FE'],
    [
      'ListWifiNetworks',
      {
        type: 'wifiNetworks',
        networks: [
          { ssid: 'Lab', rssi: -40 },
          { ssid: 'Home', rssi: -71 },
        ],
      },
      'DA 00 01 20 01 84 63 "Lab" 38 27 64 "Home" 38 46',
    ],
    ['ListWifiNetworks (none)', { type: 'wifiNetworks', networks: [] }, 'DA 00 01 20 01 80'],
    [
      'UniqueHardwareId',
      { type: 'uniqueHardwareId', id: new Uint8Array(32).fill(0xab) },
      `DA 00 01 20 10 81 58 20 ${'AB '.repeat(32)}`,
    ],
    ['JWT', { type: 'jwt', jwt: 'a.b.c' }, 'DA 00 01 20 11 81 45 "a.b.c"'],
    [
      'BLEMacAddress',
      { type: 'bleMacAddress', mac: hex('01 02 03 04 05 06') },
      'DA 00 01 20 13 81 46 01 02 03 04 05 06',
    ],
    [
      'BLEMacAddress (no Bluetooth)',
      { type: 'bleMacAddress', mac: new Uint8Array(0) },
      'DA 00 01 20 13 81 40',
    ],
    ['WiFiFWVersion', { type: 'wifiFwVersion', version: '0.5.2' }, 'DA 00 01 20 14 81 65 "0.5.2"'],
  ];
  for (const [name, message, bytes] of cases) {
    it(`${name} both ways`, () => {
      expect(toHex(encodeBoardMessage(message))).toBe(toHex(hex(bytes)));
      expect(decodeBoardMessage(hex(bytes))).toEqual(message);
    });
  }

  it('refuses what is not a board message', () => {
    expect(() => decodeBoardMessage(hex('DA 00 01 20 03 81 02'))).toThrow(ProtocolError); // a Command
    expect(() => decodeBoardMessage(hex('81 02'))).toThrow(ProtocolError); // no tag
    expect(() => decodeBoardMessage(hex('DA 00 01 20 00 82 02 02'))).toThrow(/1 parameter/);
    expect(() => decodeBoardMessage(hex('DA 00 01 20 01 81 63 "Lab"'))).toThrow(/pairs/);
    expect(() => decodeBoardMessage(hex('DA 00 01 20 13 81 42 01 02'))).toThrow(/6 bytes/);
    expect(() => decodeBoardMessage(hex('DA 00 01 20 00 81 61 "x"'))).toThrow(/integer/);
  });
});

describe('app → board messages', () => {
  const cases: [string, AppMessage, string][] = [
    ['Timestamp', { type: 'timestamp', seconds: 1764179200 }, 'DA 00 01 20 02 81 1A 69 27 3D 00'],
    ['Command GET_ID', { type: 'command', command: 2 }, 'DA 00 01 20 03 81 02'],
    ['Command SCAN', { type: 'command', command: 100 }, 'DA 00 01 20 03 81 18 64'],
    [
      'WifiConfig',
      { type: 'wifiConfig', ssid: 'Lab', password: 'secret' },
      'DA 00 01 20 04 82 63 "Lab" 66 "secret"',
    ],
  ];
  for (const [name, message, bytes] of cases) {
    it(`${name} both ways`, () => {
      expect(toHex(encodeAppMessage(message))).toBe(toHex(hex(bytes)));
      expect(decodeAppMessage(hex(bytes))).toEqual(message);
    });
  }

  it('keeps Wi-Fi settings within what the board stores', () => {
    expect(wifiConfigProblem('a'.repeat(32), 'p'.repeat(63))).toBeNull();
    expect(wifiConfigProblem('', 'x')).toMatch(/name of the Wi-Fi network/);
    expect(wifiConfigProblem('a'.repeat(33), '')).toMatch(/at most 32/);
    expect(wifiConfigProblem('lab', 'p'.repeat(64))).toMatch(/at most 63/);
    expect(() => encodeAppMessage({ type: 'wifiConfig', ssid: 'a'.repeat(33), password: '' })).toThrow(
      ProtocolError,
    );
    expect(() => decodeAppMessage(hex('DA 00 01 20 02 81 20'))).toThrow(/unsigned/);
    expect(() => decodeAppMessage(hex('DA 00 01 20 00 81 02'))).toThrow(/not a message the app sends/);
  });

  it('describes every status in words', () => {
    expect(describeBoardStatus(2)).toBe('The board is connected to the network.');
    expect(describeBoardStatus(-1)).toMatch(/failed to connect/);
    expect(describeBoardStatus(-101)).toMatch(/hardware error/);
    expect(describeBoardStatus(42)).toBe('The board reported status 42.');
  });
});

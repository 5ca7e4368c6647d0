import { Tagged } from '../cbor/items.ts';
import { decodeCbor } from '../cbor/reader.ts';
import { CborWriter } from '../cbor/writer.ts';
import { ProtocolError } from '../errors.ts';

/**
 * The DATA payloads of the board configuration protocol: a CBOR tag (4-byte form) around a definite array
 * of parameters, as Arduino_NetworkConfigurator reads and writes them.
 */
export const BOARD_CONFIG_TAGS = {
  status: 0x012000,
  wifiNetworks: 0x012001,
  timestamp: 0x012002,
  command: 0x012003,
  wifiConfig: 0x012004,
  uniqueHardwareId: 0x012010,
  jwt: 0x012011,
  bleMacAddress: 0x012013,
  wifiFwVersion: 0x012014,
} as const;

/** Commands the app sends (`Command` message). */
export const BOARD_COMMANDS = {
  connect: 1,
  /** The board answers UniqueHardwareId, then JWT. */
  getId: 2,
  getBleMacAddress: 3,
  reset: 4,
  /** The board answers ListWifiNetworks. */
  scan: 100,
  getWifiFwVersion: 101,
} as const;

/** Status codes the board sends (`Status` message): positive = progress, negative = failure. */
export const BOARD_STATUS = {
  none: 0,
  connecting: 1,
  connected: 2,
  resetCompleted: 4,
  scanning: 100,
  failedToConnect: -1,
  connectionLost: -2,
  disconnected: -3,
  paramsNotFound: -4,
  invalidParams: -5,
  otherRequestInExecution: -6,
  invalidRequest: -7,
  internetNotAvailable: -8,
  scanDisabledWhileConnecting: -100,
  hwErrorConnectivityModule: -101,
  hwConnectivityModuleStopped: -102,
  storageError: -200,
  error: -255,
} as const;

/** The words shown for each status (the web's live region, the simulator's log). */
export const BOARD_STATUS_TEXT: Readonly<Record<number, string>> = {
  0: 'The board is idle.',
  1: 'The board is connecting to the network…',
  2: 'The board is connected to the network.',
  4: 'The board reset its settings.',
  100: 'The board is scanning for Wi-Fi networks…',
  [-1]: 'The board failed to connect to the network: check the network name and password.',
  [-2]: 'The board lost its network connection.',
  [-3]: 'The board is disconnected from the network.',
  [-4]: 'The board has no network settings.',
  [-5]: 'The board refused the settings as invalid.',
  [-6]: 'The board is busy with another request: try again in a moment.',
  [-7]: 'The board did not understand the request.',
  [-8]: 'The network has no internet access.',
  [-100]: 'The board cannot scan while it connects.',
  [-101]: "The board's network module has a hardware error.",
  [-102]: "The board's network module stopped.",
  [-200]: 'The board could not store the settings.',
  [-255]: 'The board reported an error.',
};

export const describeBoardStatus = (status: number) =>
  BOARD_STATUS_TEXT[status] ?? `The board reported status ${status}.`;

export const WIFI_SSID_MAX = 32;
export const WIFI_PASSWORD_MAX = 63;
export const UHWID_SIZE = 32;

export interface WifiNetwork {
  ssid: string;
  rssi: number;
}

/** Board → app. */
export type BoardMessage =
  | { type: 'status'; status: number }
  | { type: 'wifiNetworks'; networks: WifiNetwork[] }
  | { type: 'uniqueHardwareId'; id: Uint8Array }
  | { type: 'jwt'; jwt: string }
  /** Empty when the board has no Bluetooth. */
  | { type: 'bleMacAddress'; mac: Uint8Array }
  | { type: 'wifiFwVersion'; version: string };

/** App → board. */
export type AppMessage =
  | { type: 'timestamp'; seconds: number | bigint }
  | { type: 'command'; command: number }
  | { type: 'wifiConfig'; ssid: string; password: string };

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

function frame(tag: number, count: number) {
  return new CborWriter().tag32(tag).array(count);
}

export function encodeBoardMessage(m: BoardMessage): Uint8Array {
  switch (m.type) {
    case 'status':
      return frame(BOARD_CONFIG_TAGS.status, 1).int(m.status).toBytes();
    case 'wifiNetworks': {
      const w = frame(BOARD_CONFIG_TAGS.wifiNetworks, m.networks.length * 2);
      for (const n of m.networks) w.text(n.ssid).int(n.rssi);
      return w.toBytes();
    }
    case 'uniqueHardwareId':
      return frame(BOARD_CONFIG_TAGS.uniqueHardwareId, 1).bytes(m.id).toBytes();
    case 'jwt':
      // The library sends the token's characters as a byte string.
      return frame(BOARD_CONFIG_TAGS.jwt, 1).bytes(utf8.encode(m.jwt)).toBytes();
    case 'bleMacAddress':
      return frame(BOARD_CONFIG_TAGS.bleMacAddress, 1).bytes(m.mac).toBytes();
    case 'wifiFwVersion':
      return frame(BOARD_CONFIG_TAGS.wifiFwVersion, 1).text(m.version).toBytes();
  }
}

export function encodeAppMessage(m: AppMessage): Uint8Array {
  switch (m.type) {
    case 'timestamp':
      return frame(BOARD_CONFIG_TAGS.timestamp, 1).int(m.seconds).toBytes();
    case 'command':
      return frame(BOARD_CONFIG_TAGS.command, 1).int(m.command).toBytes();
    case 'wifiConfig':
      checkWifiConfig(m.ssid, m.password);
      return frame(BOARD_CONFIG_TAGS.wifiConfig, 2).text(m.ssid).text(m.password).toBytes();
  }
}

/** Why a Wi-Fi network name and password cannot be sent to the board, or null when they can. */
export function wifiConfigProblem(ssid: string, password: string): string | null {
  const ssidBytes = utf8.encode(ssid).length;
  if (ssidBytes === 0) return 'Enter the name of the Wi-Fi network.';
  if (ssidBytes > WIFI_SSID_MAX) return `A Wi-Fi network name has at most ${WIFI_SSID_MAX} bytes.`;
  if (utf8.encode(password).length > WIFI_PASSWORD_MAX)
    return `A Wi-Fi password has at most ${WIFI_PASSWORD_MAX} characters.`;
  return null;
}

function checkWifiConfig(ssid: string, password: string) {
  const problem = wifiConfigProblem(ssid, password);
  if (problem) throw new ProtocolError(problem);
}

/** The tag and parameters of a DATA payload; throws ProtocolError when it is not tag + array. */
function unwrap(payload: Uint8Array): { tag: number; params: unknown[] } {
  const item = decodeCbor(payload);
  if (!(item instanceof Tagged) || !Array.isArray(item.value))
    throw new ProtocolError('a board configuration message is a tag around an array');
  return { tag: item.tag, params: item.value };
}

function param<T>(params: unknown[], i: number, check: (v: unknown) => v is T, what: string): T {
  const v = params[i];
  if (!check(v)) throw new ProtocolError(`parameter ${i} must be ${what}`);
  return v;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const isBytes = (v: unknown): v is Uint8Array => v instanceof Uint8Array;

function arity(params: unknown[], n: number, name: string) {
  if (params.length !== n) throw new ProtocolError(`${name} takes ${n} parameter(s), got ${params.length}`);
}

export function decodeBoardMessage(payload: Uint8Array): BoardMessage {
  const { tag, params } = unwrap(payload);
  switch (tag) {
    case BOARD_CONFIG_TAGS.status:
      arity(params, 1, 'Status');
      return { type: 'status', status: param(params, 0, isInt, 'an integer') };
    case BOARD_CONFIG_TAGS.wifiNetworks: {
      if (params.length % 2 !== 0) throw new ProtocolError('ListWifiNetworks takes ssid, rssi pairs');
      const networks: WifiNetwork[] = [];
      for (let i = 0; i < params.length; i += 2)
        networks.push({
          ssid: param(params, i, isText, 'a text'),
          rssi: param(params, i + 1, isInt, 'an integer'),
        });
      return { type: 'wifiNetworks', networks };
    }
    case BOARD_CONFIG_TAGS.uniqueHardwareId:
      arity(params, 1, 'UniqueHardwareId');
      return { type: 'uniqueHardwareId', id: param(params, 0, isBytes, 'bytes') };
    case BOARD_CONFIG_TAGS.jwt:
      arity(params, 1, 'JWT');
      return { type: 'jwt', jwt: fromUtf8.decode(param(params, 0, isBytes, 'bytes')) };
    case BOARD_CONFIG_TAGS.bleMacAddress: {
      arity(params, 1, 'BLEMacAddress');
      const mac = param(params, 0, isBytes, 'bytes');
      if (mac.length !== 0 && mac.length !== 6) throw new ProtocolError('a BLE MAC address has 6 bytes');
      return { type: 'bleMacAddress', mac };
    }
    case BOARD_CONFIG_TAGS.wifiFwVersion:
      arity(params, 1, 'WiFiFWVersion');
      return { type: 'wifiFwVersion', version: param(params, 0, isText, 'a text') };
    default:
      throw new ProtocolError(`0x${tag.toString(16)} is not a message a board sends`);
  }
}

export function decodeAppMessage(payload: Uint8Array): AppMessage {
  const { tag, params } = unwrap(payload);
  switch (tag) {
    case BOARD_CONFIG_TAGS.timestamp: {
      arity(params, 1, 'Timestamp');
      const v = params[0];
      if (!(isInt(v) && v >= 0) && !(typeof v === 'bigint' && v >= 0n))
        throw new ProtocolError('Timestamp takes an unsigned integer');
      return { type: 'timestamp', seconds: v };
    }
    case BOARD_CONFIG_TAGS.command:
      arity(params, 1, 'Command');
      return { type: 'command', command: param(params, 0, isInt, 'an integer') };
    case BOARD_CONFIG_TAGS.wifiConfig: {
      arity(params, 2, 'WifiConfig');
      const ssid = param(params, 0, isText, 'a text');
      const password = param(params, 1, isText, 'a text');
      checkWifiConfig(ssid, password);
      return { type: 'wifiConfig', ssid, password };
    }
    default:
      throw new ProtocolError(`0x${tag.toString(16)} is not a message the app sends`);
  }
}

export const bytesToHexString = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

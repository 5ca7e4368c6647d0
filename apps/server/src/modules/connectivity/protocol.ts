/**
 * The device protocol codec, seen from the server: the only file of this module that names the codec package.
 * TEMPORARY: the signatures agreed for @tinkercloud/device-protocol, until that package is in the workspace.
 */
export type Command =
  | { type: 'DeviceBegin'; libVersion: string }
  | { type: 'ThingBegin'; thingId: string }
  | { type: 'ThingUpdate'; thingId: string }
  | { type: 'ThingDetach'; thingId: string }
  | { type: 'LastValuesBegin' }
  | { type: 'LastValuesUpdate'; senml: Uint8Array }
  | { type: 'TimezoneUp' }
  | { type: 'TimezoneDown'; offset: number; until: number }
  | { type: 'DeviceNetConfig'; adapter: number; params: unknown[] }
  | { type: 'WiFiFwVersion'; version: string }
  | { type: 'OtaBeginUp'; sha256: Uint8Array }
  | { type: 'OtaUpdateDown'; id: Uint8Array; url: string; initialSha256: Uint8Array; finalSha256: Uint8Array }
  | { type: 'OtaProgressUp'; id: Uint8Array; state: number; stateData: number; time: number | bigint };

export interface SenmlRecord {
  name: string | number;
  value?: number | string | boolean;
  timeMs?: number;
}

export type PropertyType = string;

function missing(): never {
  throw new Error('the device protocol codec is not installed');
}

export const encodeCommand = (_cmd: Command): Uint8Array => missing();
export const decodeCommand = (_bytes: Uint8Array): Command => missing();
export const decodeSenml = (_bytes: Uint8Array): SenmlRecord[] => missing();
export const encodeSenml = (_records: SenmlRecord[], _opts?: unknown): Uint8Array => missing();
export const recordsToValues = (
  _records: SenmlRecord[],
  _types: Map<string, PropertyType>,
): {
  values: { name: string; value: unknown; timeMs?: number }[];
  errors: { name: string; reason: string }[];
} => missing();
export const valueToRecords = (
  _name: string,
  _type: PropertyType,
  _value: unknown,
  _timeMs?: number,
): SenmlRecord[] => missing();
export const LEGACY_GET_LAST_VALUES = new Uint8Array([
  0x81, 0xa2, 0x00, 0x63, 0x72, 0x3a, 0x6d, 0x03, 0x6d, 0x67, 0x65, 0x74, 0x4c, 0x61, 0x73, 0x74, 0x56, 0x61,
  0x6c, 0x75, 0x65, 0x73,
]);

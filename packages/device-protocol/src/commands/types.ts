/**
 * The command messages of protocol 2.x, exchanged on `/a/d/{deviceId}/c/up` (device → cloud) and
 * `/a/d/{deviceId}/c/dw` (cloud → device). Hashes are lower-case hex, OTA ids canonical UUID strings.
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
  | { type: 'DeviceNetConfig'; adapter: number; params: NetConfigParam[] }
  | { type: 'WiFiFwVersion'; version: string }
  | { type: 'OtaBeginUp'; sha256: string }
  | { type: 'OtaUpdateDown'; id: string; url: string; initialSha256: string; finalSha256: string }
  | { type: 'OtaProgressUp'; id: string; state: number; stateData: number; time: number };

export type CommandType = Command['type'];
export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>;

/** Network settings travel as text (SSID, APN, login, AppEUI) or bytes (Ethernet addresses, empty = DHCP). */
export type NetConfigParam = string | Uint8Array;

/** Adapter type ids of DeviceNetConfig (the library's `getEncodingParams`). */
export const NETWORK_ADAPTERS = {
  NONE: 0,
  WIFI: 1,
  LORA: 2,
  GSM: 3,
  NB: 4,
  CATM1: 5,
  ETHERNET: 6,
  CELL: 7,
} as const;

/** OTA progress states (the library's `OTACloudProcessInterface::State`; errors are reported as Fail). */
export const OTA_STATES = {
  Resume: 0,
  OtaBegin: 1,
  Idle: 2,
  OtaAvailable: 3,
  StartOTA: 4,
  Fetch: 5,
  FlashOTA: 6,
  Reboot: 7,
  Fail: 8,
  OTAUnavailable: 9,
} as const;

/** Tag of each command: the 4-byte CBOR semantic tag that wraps its parameter array. */
export const COMMAND_TAGS: Readonly<Record<CommandType, number>> = {
  OtaBeginUp: 0x010000,
  OtaUpdateDown: 0x010100,
  OtaProgressUp: 0x010200,
  ThingBegin: 0x010300,
  ThingUpdate: 0x010400,
  LastValuesBegin: 0x010500,
  LastValuesUpdate: 0x010600,
  DeviceBegin: 0x010700,
  TimezoneUp: 0x010800,
  TimezoneDown: 0x010900,
  ThingDetach: 0x011000,
  DeviceNetConfig: 0x011100,
  WiFiFwVersion: 0x012014,
};

/** Which way each command travels: `up` = device to cloud (c/up), `down` = cloud to device (c/dw). */
export const COMMAND_DIRECTIONS: Readonly<Record<CommandType, 'up' | 'down'>> = {
  OtaBeginUp: 'up',
  OtaUpdateDown: 'down',
  OtaProgressUp: 'up',
  ThingBegin: 'up',
  ThingUpdate: 'down',
  LastValuesBegin: 'up',
  LastValuesUpdate: 'down',
  DeviceBegin: 'up',
  TimezoneUp: 'up',
  TimezoneDown: 'down',
  ThingDetach: 'down',
  DeviceNetConfig: 'up',
  WiFiFwVersion: 'up',
};

/** Sizes of the library's fixed buffers (`src/message/Commands.h`), terminating NUL excluded. */
export const LIMITS = {
  thingId: 36,
  libVersion: 9,
  url: 255,
  sha256Bytes: 32,
  otaIdBytes: 16,
  /** Not bounded by the library (a pointer); ours, so nobody makes us keep an unbounded string. */
  text: 255,
} as const;

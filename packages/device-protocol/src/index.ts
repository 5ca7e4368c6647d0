export { bytesToHex, bytesToUuid, hexToBytes, uuidToBytes } from './commands/binary.ts';
export { decodeCommand, encodeCommand } from './commands/codec.ts';
export {
  COMMAND_DIRECTIONS,
  COMMAND_TAGS,
  type Command,
  type CommandOf,
  type CommandType,
  LIMITS,
  NETWORK_ADAPTERS,
  type NetConfigParam,
  OTA_STATES,
} from './commands/types.ts';
export { ProtocolError } from './errors.ts';
export { checkPropertyValue } from './properties/check.ts';
export {
  type PropertyType,
  type PropertyValue,
  type RecordError,
  type RecordsToValuesOptions,
  recordsToValues,
  valueToRecords,
} from './properties/values.ts';
export {
  type AttributeWire,
  FLOAT32_MAX,
  INT32_MAX,
  INT32_MIN,
  MAX_STRING_LENGTH,
  type ScalarWire,
  TIMEZONE_PROPERTIES,
  UINT32_MAX,
  WIRE_PROPERTY_TYPES,
  type WireKind,
  type WireType,
  wireTypeOf,
} from './properties/wire-types.ts';
export { BASE_TIME_MS_THRESHOLD, type DecodeSenmlOptions, decodeSenml } from './senml/decode.ts';
export { type EncodeSenmlOptions, encodeSenml } from './senml/encode.ts';
export { LABELS } from './senml/labels.ts';
export { isLegacyGetLastValues, LEGACY_GET_LAST_VALUES } from './senml/legacy.ts';
export type { SenmlRecord } from './senml/record.ts';
export { TOPICS, topicMatches } from './topics.ts';

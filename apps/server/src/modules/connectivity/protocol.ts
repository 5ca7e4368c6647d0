/** The device protocol codec, as this module uses it (one place to see what the server takes from it). */
export {
  type Command,
  decodeCommand,
  decodeSenml,
  encodeCommand,
  encodeSenml,
  isLegacyGetLastValues,
  type NetConfigParam,
  type PropertyType,
  recordsToValues,
  type SenmlRecord,
  TIMEZONE_PROPERTIES,
  valueToRecords,
} from '@tinkercloud/device-protocol';

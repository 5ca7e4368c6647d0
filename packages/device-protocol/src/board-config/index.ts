/**
 * The board configuration protocol of Arduino_NetworkConfigurator ("provisioning 2.0"), browser-safe: only
 * the CBOR codec of this package and these files, no MQTT and no Node APIs (the web app imports it).
 */

export {
  BLE_CONFIG_SERVICE,
  BLE_INPUT_CHARACTERISTIC,
  BLE_NAME_PREFIX,
  BLE_OUTPUT_CHARACTERISTIC,
  BLE_WRITE_CHUNK,
} from './ble.ts';
export {
  BOARD_CONNECT_MS,
  BOARD_SILENCE_MS,
  BoardConfigClient,
  type BoardConfigClientOptions,
  type BoardIdentity,
  BoardSilentError,
  BoardStatusError,
} from './client.ts';
export { crc16X25 } from './crc16.ts';
export { PacketLink, type PacketLinkEvents } from './link.ts';
export { type SimulatedBoardPipe, simulatedBoardPipe } from './memory-pipe.ts';
export {
  type AppMessage,
  BOARD_COMMANDS,
  BOARD_CONFIG_TAGS,
  BOARD_STATUS,
  BOARD_STATUS_TEXT,
  type BoardMessage,
  bytesToHexString,
  decodeAppMessage,
  decodeBoardMessage,
  describeBoardStatus,
  encodeAppMessage,
  encodeBoardMessage,
  UHWID_SIZE,
  WIFI_PASSWORD_MAX,
  WIFI_SSID_MAX,
  type WifiNetwork,
  wifiConfigProblem,
} from './messages.ts';
export {
  CONTROL,
  controlPacket,
  encodePacket,
  MAX_PAYLOAD,
  PACKET_TYPE,
  PARTIAL_PACKET_TTL_MS,
  PacketParser,
  type PacketType,
  type ParsedPacket,
} from './packet.ts';
export {
  SIMULATED_JWT,
  SIMULATED_NETWORKS,
  SIMULATED_UHWID,
  SIMULATED_WIFI_FW_VERSION,
  SimulatedBoard,
  type SimulatedBoardOptions,
  type SimulatedNetwork,
} from './simulated-board.ts';

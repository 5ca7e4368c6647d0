/**
 * Where the board configuration protocol lives over Bluetooth LE (Arduino_NetworkConfigurator's BLE agent):
 * one GATT service; the app writes packets to the input characteristic and subscribes to indications of the
 * output characteristic (subscribing is what opens the session on the board). The board advertises the
 * local name `Arduino-{vid}-{pid}`.
 */
export const BLE_CONFIG_SERVICE = '5e5be887-c816-4d4f-b431-9eb34b02f4d9';
/** App → board (write; the board keeps at most 256 bytes per write). */
export const BLE_INPUT_CHARACTERISTIC = '0000ffe1-0000-1000-8000-00805f9b34fc';
/** Board → app (indicate, at most 64 bytes at a time). */
export const BLE_OUTPUT_CHARACTERISTIC = '0000ffe1-0000-1000-8000-00805f9b34fa';
/** Bytes per write: the size the board itself sends, safe under any negotiated MTU with long writes. */
export const BLE_WRITE_CHUNK = 64;
export const BLE_NAME_PREFIX = 'Arduino';

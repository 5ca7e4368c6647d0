/**
 * Boards that sign in with a device id and a secret key (spec 2.2 `type=3p`), as the server's catalogue
 * lists them (`GET /iot/v1/supported/devices`): the device type to create, and the board's fqbn.
 */
export interface ThirdPartyBoard {
  /** The value of the board picker. */
  key: 'esp32' | 'esp8266' | 'generic';
  label: string;
  /** `PUT /iot/v2/devices` type. */
  type: 'login_and_secretkey_wifi' | 'generic_device_secretkey';
  fqbn?: string;
  /** Whether the ArduinoIoTCloud library runs on it, so a ready `arduino_secrets.h` helps. */
  sketch: boolean;
}

export const THIRD_PARTY_BOARDS: readonly ThirdPartyBoard[] = [
  { key: 'esp32', label: 'ESP32', type: 'login_and_secretkey_wifi', fqbn: 'esp32:esp32:esp32', sketch: true },
  {
    key: 'esp8266',
    label: 'ESP8266',
    type: 'login_and_secretkey_wifi',
    fqbn: 'esp8266:esp8266:nodemcuv2',
    sketch: true,
  },
  { key: 'generic', label: 'Generic (any MQTT client)', type: 'generic_device_secretkey', sketch: false },
];

/** `none`: no board at hand; a manual device the simulator (or one's own MQTT code) plays. */
export const NO_BOARD: ThirdPartyBoard = {
  key: 'generic',
  label: 'No board (simulator)',
  type: 'generic_device_secretkey',
  sketch: false,
};

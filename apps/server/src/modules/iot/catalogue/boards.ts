/**
 * Device types the API creates (`CreateDevicesV2Payload.type`) and the boards `GET /iot/v1/supported/devices`
 * lists (the shape arduino-cloud-cli reads: fqbn, label, type, vendor, tags, provisioning, ota_available).
 */
export const DEVICE_TYPES = [
  'mkrwifi1010',
  'mkr1000',
  'nano_33_iot',
  'mkrgsm1400',
  'mkrnb1500',
  'login_and_secretkey_wifi',
  'envie_m7',
  'nanorp2040connect',
  'nicla_vision',
  'phone',
  'portenta_x8',
  'opta',
  'giga',
  'generic_device_secretkey',
  'portenta_c33',
  'unor4wifi',
  'nano_nora',
  'unoq',
] as const;
type DeviceType = (typeof DEVICE_TYPES)[number];

export const CONNECTION_TYPES = [
  'wifi',
  'eth',
  'wifiandsecret',
  'gsm',
  'nb',
  'lora',
  'catm1',
  'cellular',
] as const;

/**
 * LoRa devices, created through `PUT /iot/v1/lora-devices/` only (they need their keys): the four kinds the
 * recap's `usage.lora_devices` counts (spec 9) — the two MKR WAN boards, a Portenta H7 on a LoRa shield or
 * carrier, and any other LoRaWAN device.
 */
export const LORA_DEVICE_TYPES = ['lora-device', 'mkrwan1300', 'mkrwan1310', 'portenta_h7_lora'] as const;
export type LoraDeviceType = (typeof LORA_DEVICE_TYPES)[number];

export interface Board {
  fqbn?: string;
  label: string;
  type: DeviceType | LoraDeviceType;
  vendor: string;
  tags: string[];
  provisioning?: 'v1' | 'v2';
  min_provisioning_sketch_version?: string;
  min_provisioning_wifi_version?: string;
  ota_available?: boolean;
}

const arduino = (
  type: Board['type'],
  fqbn: string | undefined,
  label: string,
  tags: string[],
  extra: Partial<Board> = {},
): Board => ({
  ...(fqbn && { fqbn }),
  label,
  type,
  vendor: 'Arduino',
  tags,
  ota_available: true,
  ...extra,
});

export const BOARDS: readonly Board[] = [
  arduino('mkrwifi1010', 'arduino:samd:mkrwifi1010', 'Arduino MKR WiFi 1010', ['wifi'], {
    provisioning: 'v1',
  }),
  arduino('mkr1000', 'arduino:samd:mkr1000', 'Arduino MKR1000', ['wifi'], { provisioning: 'v1' }),
  arduino('nano_33_iot', 'arduino:samd:nano_33_iot', 'Arduino NANO 33 IoT', ['wifi'], { provisioning: 'v1' }),
  arduino('mkrgsm1400', 'arduino:samd:mkrgsm1400', 'Arduino MKR GSM 1400', ['gsm'], { provisioning: 'v1' }),
  arduino('mkrnb1500', 'arduino:samd:mkrnb1500', 'Arduino MKR NB 1500', ['nb'], { provisioning: 'v1' }),
  arduino('envie_m7', 'arduino:mbed_portenta:envie_m7', 'Arduino Portenta H7', ['wifi', 'eth'], {
    provisioning: 'v1',
  }),
  arduino(
    'nanorp2040connect',
    'arduino:mbed_nano:nanorp2040connect',
    'Arduino Nano RP2040 Connect',
    ['wifi'],
    {
      provisioning: 'v1',
    },
  ),
  arduino('nicla_vision', 'arduino:mbed_nicla:nicla_vision', 'Arduino Nicla Vision', ['wifi'], {
    provisioning: 'v1',
  }),
  arduino('portenta_x8', 'arduino:mbed_portenta:portenta_x8', 'Arduino Portenta X8', ['wifi', 'eth'], {
    ota_available: false,
  }),
  arduino('opta', 'arduino:mbed_opta:opta', 'Arduino Opta', ['wifi', 'eth'], { provisioning: 'v2' }),
  arduino('giga', 'arduino:mbed_giga:giga', 'Arduino GIGA R1 WiFi', ['wifi'], { provisioning: 'v2' }),
  arduino('portenta_c33', 'arduino:renesas_portenta:portenta_c33', 'Arduino Portenta C33', ['wifi', 'eth'], {
    provisioning: 'v2',
  }),
  arduino('unor4wifi', 'arduino:renesas_uno:unor4wifi', 'Arduino UNO R4 WiFi', ['wifi'], {
    provisioning: 'v2',
  }),
  arduino('nano_nora', 'arduino:esp32:nano_nora', 'Arduino Nano ESP32', ['wifi'], { provisioning: 'v2' }),
  arduino('unoq', 'arduino:zephyr:unoq', 'Arduino UNO Q', ['wifi']),
  arduino('phone', undefined, 'Phone', ['wifi', 'cellular'], { ota_available: false }),
  arduino('mkrwan1300', 'arduino:samd:mkrwan1300', 'Arduino MKR WAN 1300', ['lora'], {
    ota_available: false,
  }),
  arduino('mkrwan1310', 'arduino:samd:mkrwan1310', 'Arduino MKR WAN 1310', ['lora'], {
    ota_available: false,
  }),
  arduino('portenta_h7_lora', 'arduino:mbed_portenta:envie_m7', 'Arduino Portenta H7 with LoRa', ['lora'], {
    ota_available: false,
  }),
  {
    label: 'LoRaWAN device',
    type: 'lora-device',
    vendor: 'Generic',
    tags: ['lora'],
    ota_available: false,
  },
  {
    fqbn: 'esp32:esp32:esp32',
    label: 'ESP32 Dev Module',
    type: 'login_and_secretkey_wifi',
    vendor: 'Espressif',
    tags: ['wifi', 'secret key'],
    ota_available: true,
  },
  {
    fqbn: 'esp8266:esp8266:nodemcuv2',
    label: 'NodeMCU 1.0 (ESP-12E Module)',
    type: 'login_and_secretkey_wifi',
    vendor: 'Espressif',
    tags: ['wifi', 'secret key'],
    ota_available: true,
  },
  {
    fqbn: 'esp8266:esp8266:generic',
    label: 'Generic ESP8266 Module',
    type: 'login_and_secretkey_wifi',
    vendor: 'Espressif',
    tags: ['wifi', 'secret key'],
    ota_available: true,
  },
  {
    label: 'Manual Device',
    type: 'generic_device_secretkey',
    vendor: 'Generic',
    tags: ['secret key'],
    ota_available: false,
  },
];

/** What a device of this type (and board) shows: its label, default fqbn and OTA support. */
export function boardOf(type: string, fqbn?: string | null): Board | undefined {
  return (
    BOARDS.find((b) => b.type === type && (!fqbn || !b.fqbn || b.fqbn === fqbn)) ??
    BOARDS.find((b) => b.type === type)
  );
}

/** Device types that carry no sketch (apps and manually driven devices). */
export const NO_SKETCH_TYPES: readonly string[] = ['phone', 'generic_device_secretkey'];
/** Device types that log in with a device id and a secret key instead of a certificate. */
export const SECRET_KEY_TYPES: readonly string[] = ['login_and_secretkey_wifi', 'generic_device_secretkey'];

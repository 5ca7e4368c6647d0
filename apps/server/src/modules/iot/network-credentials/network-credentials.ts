import type { NetworkCredential } from '@tinkercloud/shared/iot';
import { BOARDS, CONNECTION_TYPES } from '../catalogue/boards.ts';

export type ConnectionType = (typeof CONNECTION_TYPES)[number];

const credential = (
  secret_name: string,
  friendly_name: string,
  max_length: number,
  options: { required?: boolean; sensitive?: boolean } = {},
): NetworkCredential => ({
  secret_name,
  friendly_name,
  required: options.required ?? true,
  sensitive: options.sensitive ?? false,
  max_length,
});

// The sizes are those of the library's network settings (Wi-Fi SSID 32, password 63, PIN 8, APN 100,
// login and password 64; LoRa keys as hex strings).
const WIFI = [
  credential('SECRET_SSID', 'Wi-Fi Name', 32),
  credential('SECRET_OPTIONAL_PASS', 'Password', 63, { required: false, sensitive: true }),
];
const CELLULAR = [
  credential('SECRET_PIN', 'PIN', 8, { required: false, sensitive: true }),
  credential('SECRET_APN', 'APN', 100),
  credential('SECRET_LOGIN', 'Login', 64, { required: false }),
  credential('SECRET_PASS', 'Password', 64, { required: false, sensitive: true }),
];

/** What each connection asks for, in the order a form shows it. */
export const CONNECTION_CREDENTIALS: Readonly<Record<ConnectionType, readonly NetworkCredential[]>> = {
  wifi: WIFI,
  wifiandsecret: [...WIFI, credential('SECRET_DEVICE_KEY', 'Secret Key', 256, { sensitive: true })],
  eth: [
    credential('SECRET_OPTIONAL_IP', 'IP address', 15, { required: false }),
    credential('SECRET_OPTIONAL_DNS', 'DNS', 15, { required: false }),
    credential('SECRET_OPTIONAL_GATEWAY', 'Gateway', 15, { required: false }),
    credential('SECRET_OPTIONAL_NETMASK', 'Netmask', 15, { required: false }),
  ],
  gsm: CELLULAR,
  nb: CELLULAR,
  catm1: CELLULAR,
  cellular: CELLULAR,
  lora: [
    credential('SECRET_APP_EUI', 'Application EUI', 16),
    credential('SECRET_APP_KEY', 'Application key', 32, { sensitive: true }),
  ],
};

/**
 * The connections a device type offers. Boards of the catalogue name theirs in their tags; a board that
 * signs in with a secret key also needs that key beside its Wi-Fi (`wifiandsecret`). Unknown types have
 * none (404).
 */
export function connectionsOf(type: string): ConnectionType[] | undefined {
  const boards = BOARDS.filter((b) => b.type === type);
  if (boards.length === 0) return undefined;
  const tags = new Set(boards.flatMap((b) => b.tags));
  const offered = CONNECTION_TYPES.filter((c) => tags.has(c));
  if (tags.has('secret key') && tags.has('wifi')) offered.push('wifiandsecret');
  return offered;
}

/** Every connection of Arduino's `ArduinoArduinoconnectionsV1`, empty where the type does not offer it. */
export function credentialsByConnection(type: string) {
  const offered = connectionsOf(type);
  if (!offered) return undefined;
  return Object.fromEntries(
    CONNECTION_TYPES.map((c) => [c, offered.includes(c) ? [...CONNECTION_CREDENTIALS[c]] : []]),
  ) as Record<ConnectionType, NetworkCredential[]>;
}

/**
 * The credentials of one connection of a type: the given one, else the type's first. A connection the type
 * does not offer answers an empty list (the client then knows there is nothing to ask).
 */
export function credentialsFor(type: string, connection?: ConnectionType) {
  const offered = connectionsOf(type);
  if (!offered) return undefined;
  const chosen = connection ?? offered[0];
  return chosen && offered.includes(chosen) ? [...CONNECTION_CREDENTIALS[chosen]] : [];
}

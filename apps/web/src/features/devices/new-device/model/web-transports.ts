import type { NewDeviceSearch } from '@tinkercloud/shared';
import { readLevel, readSwitch } from '../../../../lib/feature-flags.ts';

/**
 * How the browser reaches a board of our catalogue while it is set up: Web Serial (USB) or Web Bluetooth,
 * when the browser has them, as the spec's feature flags allow (spec section 3, feature flags).
 */
export type Transport = 'serial' | 'ble';

export interface BrowserApis {
  serial: boolean;
  bluetooth: boolean;
}

export function browserApis(nav: Navigator | undefined = globalThis.navigator): BrowserApis {
  return { serial: !!nav && 'serial' in nav, bluetooth: !!nav && 'bluetooth' in nav };
}

/** USB vendor ids of boards the setup knows (Arduino, the Arduino.org vendor id, Espressif). */
export const KNOWN_USB_VENDORS = [0x2341, 0x2a03, 0x303a] as const;

export interface TransportPlan {
  transport: Transport;
  /** Whether this browser has the API the transport needs. */
  available: boolean;
  /** `provisioning-force-webserial`: USB even when the link asked for Bluetooth. */
  forced: boolean;
  /** `provisioning-ignore-known-board-filter`: the port picker lists every device, not only known boards. */
  anyBoard: boolean;
}

export function transportFor(
  connection: Extract<NewDeviceSearch, { connection: unknown }>['connection'],
  apis: BrowserApis,
  storage?: Storage,
): TransportPlan {
  const forced = connection === 'ble' && readSwitch('provisioning-force-webserial', storage);
  const transport: Transport = forced ? 'serial' : connection;
  return {
    transport,
    available: transport === 'serial' ? apis.serial : apis.bluetooth,
    forced,
    anyBoard: readSwitch('provisioning-ignore-known-board-filter', storage),
  };
}

/** The provisioning protocol to speak: the board's own (v1 or v2) unless `provisioning-force-version` says. */
export function provisioningVersion(board: { provisioning?: string | undefined }, storage?: Storage) {
  const forced = readLevel('provisioning-force-version', storage);
  if (forced === 1 || forced === 2) return { version: `v${forced}`, forced: true };
  return { version: board.provisioning ?? null, forced: false };
}

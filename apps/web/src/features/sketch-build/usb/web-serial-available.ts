import { isPickerClosed } from '@/features/devices/new-device/model/web-transports-dom.ts';
import { readSwitch } from '@/lib/feature-flags.ts';
import type { SerialPortLike } from './serial-port.ts';

interface SerialLike {
  requestPort(options?: {
    filters?: { usbVendorId: number; usbProductId?: number }[];
  }): Promise<SerialPortLike>;
}

const hasSerial = (nav: Navigator | undefined): nav is Navigator & { serial: SerialLike } =>
  !!nav && 'serial' in nav;

/**
 * Whether uploading over USB from the browser is offered: it is still behind the
 * `provisioning-force-webserial` switch, and needs a browser with Web Serial (Chrome, Edge).
 */
export function canUseWebSerial(
  nav: Navigator | undefined = globalThis.navigator,
  storage?: Storage,
): boolean {
  return readSwitch('provisioning-force-webserial', storage) && hasSerial(nav);
}

/** Asks the browser for a port (its picker); null when the user closed the picker without choosing. */
export async function requestSerialPort(
  options: { filters?: { usbVendorId: number; usbProductId?: number }[] } = {},
  nav: Navigator | undefined = globalThis.navigator,
): Promise<SerialPortLike | null> {
  if (!hasSerial(nav)) throw new Error('This browser cannot reach USB boards: use Chrome or Edge.');
  try {
    return await nav.serial.requestPort(options);
  } catch (err) {
    if (isPickerClosed(err)) return null;
    throw err;
  }
}

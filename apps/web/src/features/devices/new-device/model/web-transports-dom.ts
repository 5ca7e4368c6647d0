import { KNOWN_USB_VENDORS, type TransportPlan } from './web-transports.ts';

/** The parts of Web Serial and Web Bluetooth used here (not yet in TypeScript's DOM types). */
interface SerialPortLike {
  getInfo(): { usbVendorId?: number; usbProductId?: number };
}
interface SerialLike {
  requestPort(options?: { filters?: { usbVendorId: number }[] }): Promise<SerialPortLike>;
}
interface BluetoothLike {
  requestDevice(
    options: { acceptAllDevices: true } | { filters: { namePrefix: string }[] },
  ): Promise<{ name?: string; id: string }>;
}

const hex = (n: number | undefined) => (n === undefined ? '????' : n.toString(16).padStart(4, '0'));

/**
 * Asks the browser for the board (its port or Bluetooth device picker) and says which one was chosen. With
 * the known-board filter only Arduino and Espressif boards are offered; the flag lifts it.
 */
export async function pickBoard(plan: TransportPlan, nav: Navigator = navigator): Promise<string> {
  if (plan.transport === 'serial') {
    const serial = (nav as Navigator & { serial: SerialLike }).serial;
    const port = await serial.requestPort(
      plan.anyBoard ? {} : { filters: KNOWN_USB_VENDORS.map((usbVendorId) => ({ usbVendorId })) },
    );
    const info = port.getInfo();
    return `USB ${hex(info.usbVendorId)}:${hex(info.usbProductId)}`;
  }
  const bluetooth = (nav as Navigator & { bluetooth: BluetoothLike }).bluetooth;
  const device = await bluetooth.requestDevice(
    plan.anyBoard ? { acceptAllDevices: true } : { filters: [{ namePrefix: 'Arduino' }] },
  );
  return device.name ? `Bluetooth ${device.name}` : 'Bluetooth device';
}

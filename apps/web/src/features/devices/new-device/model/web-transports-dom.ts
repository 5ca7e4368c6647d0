import {
  BLE_CONFIG_SERVICE,
  BLE_INPUT_CHARACTERISTIC,
  BLE_NAME_PREFIX,
  BLE_OUTPUT_CHARACTERISTIC,
  BLE_WRITE_CHUNK,
} from '@tinkercloud/device-protocol/board-config';
import { KNOWN_USB_VENDORS, type TransportPlan } from './web-transports.ts';

/** The parts of Web Serial and Web Bluetooth used here (not yet in TypeScript's DOM types). */
interface SerialPortLike {
  getInfo(): { usbVendorId?: number; usbProductId?: number };
  open(options: { baudRate: number }): Promise<void>;
  close(): Promise<void>;
  readonly readable: ReadableStream<Uint8Array> | null;
  readonly writable: WritableStream<Uint8Array> | null;
}
interface SerialLike {
  requestPort(options?: { filters?: { usbVendorId: number }[] }): Promise<SerialPortLike>;
}
interface CharacteristicLike extends EventTarget {
  readonly value?: DataView | null;
  startNotifications(): Promise<unknown>;
  stopNotifications(): Promise<unknown>;
  writeValueWithResponse(value: Uint8Array): Promise<void>;
}
interface BluetoothDeviceLike extends EventTarget {
  readonly name?: string;
  readonly gatt?: {
    connected: boolean;
    connect(): Promise<{
      getPrimaryService(
        uuid: string,
      ): Promise<{ getCharacteristic(uuid: string): Promise<CharacteristicLike> }>;
    }>;
    disconnect(): void;
  };
}
interface BluetoothLike {
  requestDevice(
    options: ({ acceptAllDevices: true } | { filters: { namePrefix: string }[] }) & {
      optionalServices: string[];
    },
  ): Promise<BluetoothDeviceLike>;
}

/** An open byte pipe to the board. */
export interface BoardPort {
  write(bytes: Uint8Array): Promise<void>;
  /** Ends the link; the board is not told (send the protocol's disconnect first). */
  close(): Promise<void>;
}

export interface BoardPortEvents {
  bytes(chunk: Uint8Array): void;
  /** The link ended without `close` (the board was unplugged or went out of range). */
  lost(error: Error): void;
}

/** The board the user chose in the browser's picker, not yet opened. */
export interface PickedBoard {
  label: string;
  open(events: BoardPortEvents): Promise<BoardPort>;
}

export type RequestBoard = (plan: TransportPlan) => Promise<PickedBoard>;

const hex = (n: number | undefined) => (n === undefined ? '????' : n.toString(16).padStart(4, '0'));

export const PORT_BUSY =
  'The port is busy: close the Serial Monitor or any other program using the board, then try again.';
export const BOARD_LOST = 'The board was disconnected.';

/** Whether an error of the picker only says the user closed it (not an error worth showing). */
export const isPickerClosed = (err: unknown) => err instanceof DOMException && err.name === 'NotFoundError';

/**
 * Asks the browser for the board (its port or Bluetooth device picker). With the known-board filter only
 * Arduino and Espressif boards are offered; `provisioning-ignore-known-board-filter` lifts it.
 */
export async function requestBoard(plan: TransportPlan, nav: Navigator = navigator): Promise<PickedBoard> {
  if (plan.transport === 'serial') {
    const serial = (nav as Navigator & { serial: SerialLike }).serial;
    const port = await serial.requestPort(
      plan.anyBoard ? {} : { filters: KNOWN_USB_VENDORS.map((usbVendorId) => ({ usbVendorId })) },
    );
    const info = port.getInfo();
    return {
      label: `USB ${hex(info.usbVendorId)}:${hex(info.usbProductId)}`,
      open: (e) => openSerial(port, e),
    };
  }
  const bluetooth = (nav as Navigator & { bluetooth: BluetoothLike }).bluetooth;
  const device = await bluetooth.requestDevice({
    ...(plan.anyBoard ? { acceptAllDevices: true as const } : { filters: [{ namePrefix: BLE_NAME_PREFIX }] }),
    optionalServices: [BLE_CONFIG_SERVICE],
  });
  return {
    label: device.name ? `Bluetooth ${device.name}` : 'Bluetooth device',
    open: (e) => openBluetooth(device, e),
  };
}

/** Web Serial at the library's 115200 baud: a read loop feeding `events.bytes` until closed. */
async function openSerial(port: SerialPortLike, events: BoardPortEvents): Promise<BoardPort> {
  try {
    await port.open({ baudRate: 115200 });
  } catch (err) {
    // InvalidStateError: this page has it open already; NetworkError: another program holds it.
    if (err instanceof DOMException && (err.name === 'InvalidStateError' || err.name === 'NetworkError'))
      throw new Error(PORT_BUSY);
    throw err;
  }
  if (!port.readable || !port.writable) throw new Error(BOARD_LOST);
  const reader = port.readable.getReader();
  const writer = port.writable.getWriter();
  let closing = false;
  const reading = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        if (value?.length) events.bytes(value);
      }
    } catch {
      // A read error is the port going away: reported below.
    } finally {
      reader.releaseLock();
      if (!closing) events.lost(new Error(BOARD_LOST));
    }
  })();
  return {
    write: (bytes) => writer.write(bytes),
    close: async () => {
      closing = true;
      await reader.cancel().catch(() => {});
      await reading;
      writer.releaseLock();
      await port.close().catch(() => {});
    },
  };
}

/** Web Bluetooth: the library's GATT service; writes in chunks, indications feed `events.bytes`. */
async function openBluetooth(device: BluetoothDeviceLike, events: BoardPortEvents): Promise<BoardPort> {
  if (!device.gatt) throw new Error('This Bluetooth device cannot be connected to.');
  const server = await device.gatt.connect();
  let service: Awaited<ReturnType<typeof server.getPrimaryService>>;
  try {
    service = await server.getPrimaryService(BLE_CONFIG_SERVICE);
  } catch {
    device.gatt.disconnect();
    throw new Error(
      'This Bluetooth device does not offer the board configuration service of an Arduino_NetworkConfigurator sketch.',
    );
  }
  const input = await service.getCharacteristic(BLE_INPUT_CHARACTERISTIC);
  const output = await service.getCharacteristic(BLE_OUTPUT_CHARACTERISTIC);
  let closing = false;
  const onValue = () => {
    const v = output.value;
    if (v) events.bytes(new Uint8Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength)));
  };
  const onGone = () => {
    if (!closing) events.lost(new Error(BOARD_LOST));
  };
  output.addEventListener('characteristicvaluechanged', onValue);
  device.addEventListener('gattserverdisconnected', onGone);
  // Subscribing is what makes the board take the app as its peer.
  await output.startNotifications();
  return {
    write: async (bytes) => {
      for (let i = 0; i < bytes.length; i += BLE_WRITE_CHUNK)
        await input.writeValueWithResponse(bytes.slice(i, i + BLE_WRITE_CHUNK));
    },
    close: async () => {
      closing = true;
      output.removeEventListener('characteristicvaluechanged', onValue);
      device.removeEventListener('gattserverdisconnected', onGone);
      await output.stopNotifications().catch(() => {});
      device.gatt?.disconnect();
    },
  };
}

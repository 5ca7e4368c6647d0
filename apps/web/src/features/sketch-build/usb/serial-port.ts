import { BOARD_LOST, PORT_BUSY } from '@/features/devices/new-device/model/web-transports-dom.ts';

/** A serial port's output lines; a pulse on DTR/RTS resets an Arduino (or an ESP32) into its bootloader. */
export interface SerialOutputSignals {
  dataTerminalReady?: boolean;
  requestToSend?: boolean;
  break?: boolean;
}

/**
 * The parts of a Web Serial port that uploading and the Serial Monitor use (TypeScript's DOM types have no
 * Web Serial). web-transports-dom.ts has the same shape for provisioning but keeps it to itself, and it lacks
 * `setSignals`, which the board reset needs.
 */
export interface SerialPortLike {
  getInfo(): { usbVendorId?: number; usbProductId?: number };
  open(options: { baudRate: number }): Promise<void>;
  close(): Promise<void>;
  setSignals(signals: SerialOutputSignals): Promise<void>;
  readonly readable: ReadableStream<Uint8Array> | null;
  readonly writable: WritableStream<Uint8Array> | null;
}

/** InvalidStateError: this page has the port open already; NetworkError: another program holds it. */
export const isPortBusyError = (err: unknown) =>
  err instanceof DOMException && (err.name === 'InvalidStateError' || err.name === 'NetworkError');

/**
 * A port left open by an earlier step of this page (at another baud rate, perhaps) is closed so it can be
 * opened again; one whose streams are still in use (the Serial Monitor is reading) is busy.
 */
export async function closeIfIdle(port: SerialPortLike): Promise<void> {
  // Web Serial gives a port streams only while it is open.
  if (!port.readable && !port.writable) return;
  if (port.readable?.locked || port.writable?.locked) throw new Error(PORT_BUSY);
  try {
    await port.close();
  } catch (err) {
    throw new Error(PORT_BUSY, { cause: err });
  }
}

/** Opens the port at `baudRate`, whether or not it was open; the errors are ones to show the user. */
export async function openPort(
  port: SerialPortLike,
  baudRate: number,
): Promise<{ readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> }> {
  await closeIfIdle(port);
  try {
    await port.open({ baudRate });
  } catch (err) {
    if (isPortBusyError(err)) throw new Error(PORT_BUSY, { cause: err });
    throw err;
  }
  const { readable, writable } = port;
  if (!readable || !writable) throw new Error(BOARD_LOST);
  return { readable, writable };
}

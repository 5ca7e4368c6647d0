import type { FlashOptions, IEspLoaderTerminal } from 'esptool-js';
import { PORT_BUSY } from '@/features/devices/new-device/model/web-transports-dom.ts';
import { closeIfIdle, isPortBusyError, type SerialPortLike } from './serial-port.ts';

/** Where the Arduino ESP32 core's partition table puts the app; its bootloader and partitions stay. */
export const ESP32_APP_ADDRESS = 0x10000;

// Every ESP32 image (app or bootloader) starts with this byte.
const ESP_IMAGE_MAGIC = 0xe9;

export const ESP32_DID_NOT_ANSWER =
  'The board did not answer: is it an ESP32 on this port? If it still does not connect, hold its BOOT button while the upload starts.';

export interface Esp32FlashOptions {
  /** Fraction of the image written, 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** esptool's log (chip, MAC, steps), for a details view. */
  onLog?: (text: string) => void;
  signal?: AbortSignal;
  /** Flash address of `image`: the app address unless it is a merged image (0x0 or 0x1000, by chip). */
  address?: number;
  /** Baud rate once esptool's stub runs; the ROM bootloader is reached at 115200 first. */
  baudRate?: number;
}

/** Refuses what is not an ESP32 image (an .elf or .hex chosen by mistake) before touching the board. */
export function checkEsp32Image(image: Uint8Array): void {
  if (image.length === 0) throw new Error('The program is empty: there is nothing to upload.');
  if (image[0] !== ESP_IMAGE_MAGIC) throw new Error('This file is not an ESP32 program image (.bin).');
}

/**
 * esptool's write options: only `image` at `address`; flash mode, frequency and size as the board has them
 * (the image's header is left alone), no full erase, compressed on the wire.
 */
export function esp32WriteOptions(
  image: Uint8Array,
  address: number,
  onProgress?: (fraction: number) => void,
): FlashOptions {
  return {
    fileArray: [{ data: image, address }],
    flashMode: 'keep',
    flashFreq: 'keep',
    flashSize: 'keep',
    eraseAll: false,
    compress: true,
    reportProgress: onProgress && ((_file, written, total) => onProgress(total > 0 ? written / total : 1)),
  };
}

/** Flashes `image` onto an ESP32 with esptool-js (reset into its ROM bootloader, write, hard reset). */
export async function flashEsp32(
  port: SerialPortLike,
  image: Uint8Array,
  options: Esp32FlashOptions = {},
): Promise<void> {
  const { onProgress, onLog, signal, address = ESP32_APP_ADDRESS, baudRate = 921600 } = options;
  checkEsp32Image(image);
  signal?.throwIfAborted();
  // esptool opens the port itself, so one this page left open must be closed first.
  await closeIfIdle(port);
  // Loaded here so esptool-js (and its stubs) stays a chunk of its own, fetched only to flash an ESP32.
  const { ESPLoader, Transport } = await import('esptool-js');
  signal?.throwIfAborted();

  // esptool types the port as w3c-web-serial's SerialPort (not installed here); it uses only what
  // SerialPortLike has.
  const transport = new Transport(port, false);
  const terminal: IEspLoaderTerminal = {
    clean: () => {},
    write: (text) => onLog?.(text),
    writeLine: (text) => onLog?.(`${text}\n`),
  };
  const loader = new ESPLoader({ transport, baudrate: baudRate, romBaudrate: 115200, terminal });
  // esptool cannot be cancelled; closing the port under it makes its pending read fail.
  const onAbort = () => void transport.disconnect().catch(() => {});
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    try {
      await loader.main();
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (isPortBusyError(err)) throw new Error(PORT_BUSY, { cause: err });
      throw new Error(ESP32_DID_NOT_ANSWER, { cause: err });
    }
    signal?.throwIfAborted();
    onProgress?.(0);
    try {
      await loader.writeFlash(esp32WriteOptions(image, address, onProgress));
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      throw new Error(`Writing to the board failed: ${err instanceof Error ? err.message : String(err)}`, {
        cause: err,
      });
    }
    onProgress?.(1);
    // A hard reset starts the new program.
    await loader.after('hard_reset');
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await transport.disconnect().catch(() => {});
  }
}

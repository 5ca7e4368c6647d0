import { ByteReader, delay } from './byte-reader.ts';
import { openPort, type SerialPortLike } from './serial-port.ts';

/**
 * Uploads a program over STK500v1, the protocol of the Arduino Uno's Optiboot and the Nano's bootloaders.
 * Our own writer because the `stk500` package expects Node serialport streams, not Web Serial.
 */

const STK_OK = 0x10;
const STK_FAILED = 0x11;
const STK_INSYNC = 0x14;
const STK_NOSYNC = 0x15;
const CRC_EOP = 0x20;
const GET_SYNC = 0x30;
const ENTER_PROGMODE = 0x50;
const LEAVE_PROGMODE = 0x51;
const LOAD_ADDRESS = 0x55;
const PROG_PAGE = 0x64;
const READ_SIGN = 0x75;
const MEMTYPE_FLASH = 0x46; // 'F'

export const ATMEGA328P_SIGNATURE: readonly number[] = [0x1e, 0x95, 0x0f];

export const BOARD_DID_NOT_ANSWER =
  'The board did not answer: is it an Arduino Uno or Nano on this port, and is the right port chosen?';
export const BOARD_STOPPED_ANSWERING =
  'The board stopped answering during the upload: check the USB cable, then try again.';
export const BOARD_OUT_OF_SYNC =
  'The board lost track of the upload: press its reset button, then try again.';

export interface Stk500v1Options {
  /** Flash page size in bytes: 128 for the ATmega328P (Uno, Nano). */
  pageSize?: number;
  /** 115200 for the Uno's Optiboot (and a Nano with the new bootloader), 57600 for the Nano's old bootloader. */
  baudRate?: number;
  /** When given, the chip's signature must be this (ATMEGA328P_SIGNATURE for an Uno or Nano). */
  expectedSignature?: readonly number[];
  /** Fraction of the program written, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** How long to keep trying to reach the bootloader after the reset. */
  syncTimeoutMs?: number;
  /** How long one answer may take. */
  replyTimeoutMs?: number;
  /** How long DTR/RTS stay low before they rise and reset the board. */
  resetPulseMs?: number;
}

// The bootloader's 16-bit word address reaches 128 KiB; beyond that needs the extended address command.
const MAX_PROGRAM_BYTES = 0x20000;
// A sync try waits this long at most before asking again: the bootloader may have missed the first ones
// while it was starting.
const SYNC_TRY_MS = 250;
// Quiet time that ends a drain; Optiboot answers in well under a millisecond.
const DRAIN_QUIET_MS = 50;

const hex = (bytes: ArrayLike<number>) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');

interface Link {
  bytes: ByteReader;
  writer: WritableStreamDefaultWriter<Uint8Array>;
  replyTimeoutMs: number;
  signal: AbortSignal | undefined;
}

/**
 * Resets the board into its bootloader and writes `program` from address 0. `program` is the real program
 * (bytes up to its last address); the last page is filled with 0xff, the erased value.
 */
export async function uploadStk500v1(
  port: SerialPortLike,
  program: Uint8Array,
  options: Stk500v1Options = {},
): Promise<void> {
  const {
    pageSize = 128,
    baudRate = 115200,
    expectedSignature,
    onProgress,
    signal,
    syncTimeoutMs = 3000,
    replyTimeoutMs = 1000,
    resetPulseMs = 250,
  } = options;
  if (!Number.isInteger(pageSize) || pageSize <= 0 || pageSize % 2 !== 0 || pageSize > 0xffff)
    throw new Error(`Invalid flash page size ${pageSize}.`);
  if (program.length === 0) throw new Error('The program is empty: there is nothing to upload.');
  if (program.length > MAX_PROGRAM_BYTES)
    throw new Error(`The program (${program.length} bytes) is too large for this board.`);
  signal?.throwIfAborted();

  const { readable, writable } = await openPort(port, baudRate);
  const reader = readable.getReader();
  const writer = writable.getWriter();
  const link: Link = { bytes: new ByteReader(reader, signal), writer, replyTimeoutMs, signal };
  try {
    await resetIntoBootloader(port, resetPulseMs, signal);
    await sync(link, syncTimeoutMs);
    if (expectedSignature) await checkSignature(link, expectedSignature);
    await command(link, [ENTER_PROGMODE, CRC_EOP]);
    onProgress?.(0);
    for (let offset = 0; offset < program.length; offset += pageSize) {
      const page = new Uint8Array(pageSize).fill(0xff);
      page.set(program.subarray(offset, offset + pageSize));
      const word = offset / 2;
      await command(link, [LOAD_ADDRESS, word & 0xff, word >> 8, CRC_EOP]);
      await command(link, [PROG_PAGE, pageSize >> 8, pageSize & 0xff, MEMTYPE_FLASH, ...page, CRC_EOP]);
      onProgress?.(Math.min(offset + pageSize, program.length) / program.length);
    }
    // Leaving programming mode makes Optiboot start the new program.
    await command(link, [LEAVE_PROGMODE, CRC_EOP]);
  } finally {
    // Cancel settles a read still pending after a timeout, so the locks can go and the port can close.
    await reader.cancel().catch(() => {});
    reader.releaseLock();
    writer.releaseLock();
    await port.close().catch(() => {});
  }
}

/**
 * DTR/RTS going from off to on pulls RESET low through the board's capacitor (the auto-reset of the Uno
 * and Nano); the bootloader then listens for a short while before it starts the old program.
 */
async function resetIntoBootloader(port: SerialPortLike, pulseMs: number, signal?: AbortSignal) {
  await port.setSignals({ dataTerminalReady: false, requestToSend: false });
  await delay(pulseMs, signal);
  await port.setSignals({ dataTerminalReady: true, requestToSend: true });
}

/** Asks for sync until the bootloader answers or `timeoutMs` is over. */
async function sync(link: Link, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  // What the old program printed before the reset is no answer.
  await link.bytes.drain(Math.min(DRAIN_QUIET_MS, timeoutMs));
  while (Date.now() < deadline) {
    link.signal?.throwIfAborted();
    await link.writer.write(Uint8Array.of(GET_SYNC, CRC_EOP));
    const tryUntil = Math.min(deadline, Date.now() + Math.min(SYNC_TRY_MS, link.replyTimeoutMs));
    if (await answeredInSync(link.bytes, tryUntil)) {
      // Earlier tries may be answered late; those answers must not be read as the next command's.
      await link.bytes.drain(Math.min(DRAIN_QUIET_MS, link.replyTimeoutMs));
      return;
    }
  }
  throw new Error(BOARD_DID_NOT_ANSWER);
}

/** Whether INSYNC OK came before `until`; bytes before INSYNC (a program's output, noise) are skipped. */
async function answeredInSync(bytes: ByteReader, until: number): Promise<boolean> {
  for (;;) {
    const b = await bytes.read(1, until - Date.now());
    if (!b) return false;
    if (b[0] !== STK_INSYNC) continue;
    const ok = await bytes.read(1, until - Date.now());
    return ok?.[0] === STK_OK;
  }
}

async function checkSignature(link: Link, expected: readonly number[]) {
  const signature = await command(link, [READ_SIGN, CRC_EOP], 3);
  if (hex(signature) !== hex(expected))
    throw new Error(
      `This board's chip has signature ${hex(signature)}, not the expected ${hex(expected)}: choose the board type that is connected.`,
    );
}

/** Sends one command and reads its answer: INSYNC, `replyLength` bytes, OK. Returns those bytes. */
async function command(link: Link, bytes: number[], replyLength = 0): Promise<Uint8Array> {
  link.signal?.throwIfAborted();
  await link.writer.write(Uint8Array.from(bytes));
  const first = await link.bytes.read(1, link.replyTimeoutMs);
  if (!first) throw new Error(BOARD_STOPPED_ANSWERING);
  if (first[0] === STK_NOSYNC) throw new Error(BOARD_OUT_OF_SYNC);
  if (first[0] !== STK_INSYNC) throw new Error(`${BOARD_OUT_OF_SYNC} (It answered ${hex(first)}.)`);
  const rest = await link.bytes.read(replyLength + 1, link.replyTimeoutMs);
  if (!rest) throw new Error(BOARD_STOPPED_ANSWERING);
  const status = rest[replyLength];
  if (status === STK_FAILED)
    throw new Error(`The board refused the upload (command ${hex([bytes[0] ?? 0])}): try again.`);
  if (status !== STK_OK) throw new Error(`${BOARD_OUT_OF_SYNC} (It answered ${hex(rest)}.)`);
  return rest.subarray(0, replyLength);
}

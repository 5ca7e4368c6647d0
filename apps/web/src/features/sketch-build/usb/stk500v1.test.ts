import { describe, expect, it } from 'vitest';
import { PORT_BUSY } from '@/features/devices/new-device/model/web-transports-dom.ts';
import {
  ATMEGA328P_SIGNATURE,
  BOARD_DID_NOT_ANSWER,
  type Stk500v1Options,
  uploadStk500v1,
} from './stk500v1.ts';
import { FakeOptiboot } from './testing/fake-optiboot.ts';
import { FakeSerialPort } from './testing/fake-serial-port.ts';

// Small timings keep the tests fast; the fake answers at once.
const fast: Stk500v1Options = { resetPulseMs: 1, syncTimeoutMs: 150, replyTimeoutMs: 50 };

const programOf = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 7 + 3) & 0xff);

describe('uploadStk500v1', () => {
  it('programs the pages, reports progress up to 1 and starts the program', async () => {
    const board = new FakeOptiboot();
    const program = programOf(1000);
    const progress: number[] = [];
    await uploadStk500v1(board.port, program, {
      ...fast,
      expectedSignature: ATMEGA328P_SIGNATURE,
      onProgress: (f) => progress.push(f),
    });
    expect(board.flash.subarray(0, program.length)).toEqual(program);
    // The last page is filled with the erased value; the rest of the flash is untouched.
    expect(board.flash.subarray(program.length).every((b) => b === 0xff)).toBe(true);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(board.sawResetPulse).toBe(true);
    expect(board.mistakes).toEqual([]);
    expect(board.programStarted).toBe(true);
    expect(board.port.baudRate).toBe(115200);
    // 8 pages of 128 bytes: load address and program page for each.
    expect(board.commands.filter((c) => c === 0x64)).toHaveLength(8);
    expect(board.port.isOpen).toBe(false);
  });

  it('talks at the old Nano bootloader baud rate and skips what the old program printed', async () => {
    const board = new FakeOptiboot({ baudRate: 57600, chatter: 'temperature 21.5\r\n' });
    const program = programOf(301);
    await uploadStk500v1(board.port, program, { ...fast, baudRate: 57600 });
    expect(board.flash.subarray(0, program.length)).toEqual(program);
    expect(board.programStarted).toBe(true);
  });

  it('reopens a port this page left open', async () => {
    const board = new FakeOptiboot();
    await board.port.open({ baudRate: 9600 });
    await uploadStk500v1(board.port, programOf(10), fast);
    expect(board.port.baudRate).toBe(115200);
    expect(board.flash.subarray(0, 10)).toEqual(programOf(10));
  });

  it('says the port is busy when the Serial Monitor is reading it', async () => {
    const port = new FakeSerialPort();
    await port.open({ baudRate: 9600 });
    const reader = port.readable?.getReader();
    await expect(uploadStk500v1(port, programOf(10), fast)).rejects.toThrow(PORT_BUSY);
    reader?.releaseLock();
  });

  it('refuses a board of another chip', async () => {
    const board = new FakeOptiboot({ signature: [0x1e, 0x98, 0x01] });
    await expect(
      uploadStk500v1(board.port, programOf(10), { ...fast, expectedSignature: ATMEGA328P_SIGNATURE }),
    ).rejects.toThrow(/signature 1e 98 01, not the expected 1e 95 0f/);
    expect(board.commands).not.toContain(0x64);
    expect(board.port.isOpen).toBe(false);
  });

  it('gives up with a clear error when the board never answers', async () => {
    const port = new FakeSerialPort();
    const started = Date.now();
    await expect(uploadStk500v1(port, programOf(10), fast)).rejects.toThrow(BOARD_DID_NOT_ANSWER);
    expect(Date.now() - started).toBeLessThan(1000);
    // It kept asking for sync, then let the port go.
    expect(port.written.filter((b) => b === 0x30).length).toBeGreaterThan(1);
    expect(port.isOpen).toBe(false);
  });

  it('gives up when the board is at another baud rate', async () => {
    const board = new FakeOptiboot({ baudRate: 57600 });
    await expect(uploadStk500v1(board.port, programOf(10), fast)).rejects.toThrow(BOARD_DID_NOT_ANSWER);
  });

  it('stops when aborted', async () => {
    const port = new FakeSerialPort();
    const abort = new AbortController();
    const started = Date.now();
    setTimeout(() => abort.abort(), 20);
    const upload = uploadStk500v1(port, programOf(10), {
      ...fast,
      syncTimeoutMs: 10_000,
      signal: abort.signal,
    });
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(port.isOpen).toBe(false);
  });

  it('stops between pages when aborted during the upload', async () => {
    const board = new FakeOptiboot();
    const abort = new AbortController();
    await expect(
      uploadStk500v1(board.port, programOf(1000), {
        ...fast,
        signal: abort.signal,
        onProgress: (f) => {
          if (f >= 0.5) abort.abort();
        },
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(board.commands.filter((c) => c === 0x64).length).toBeLessThan(8);
    expect(board.programStarted).toBe(false);
    expect(board.port.isOpen).toBe(false);
  });

  it('refuses an empty program', async () => {
    await expect(uploadStk500v1(new FakeSerialPort(), new Uint8Array(0), fast)).rejects.toThrow(/empty/);
  });
});

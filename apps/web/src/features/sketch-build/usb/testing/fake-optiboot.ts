import { ATMEGA328P_SIGNATURE } from '../stk500v1.ts';
import { FakeSerialPort } from './fake-serial-port.ts';

export interface FakeOptibootOptions {
  signature?: readonly number[];
  /** The bootloader's baud rate; at any other the bytes are garbage and go unanswered. */
  baudRate?: number;
  /** What the old program prints (once) before the reset takes effect. */
  chatter?: string;
}

/**
 * An ATmega328P with Optiboot behind a fake port: it answers only after a DTR/RTS reset pulse, parses
 * STK500v1 commands as they arrive (in any chunking) and programs pages into a 32 KiB flash.
 */
export class FakeOptiboot {
  readonly port: FakeSerialPort;
  readonly flash = new Uint8Array(32 * 1024).fill(0xff);
  /** The command bytes (first byte of each command) in order. */
  readonly commands: number[] = [];
  /** Protocol mistakes of the page, e.g. a command without its 0x20 end. */
  readonly mistakes: string[] = [];
  inBootloader = false;
  programStarted = false;
  private inbox: number[] = [];
  private byteAddress = 0;
  private readonly signature: readonly number[];
  private readonly baudRate: number;

  constructor(options: FakeOptibootOptions = {}) {
    this.signature = options.signature ?? ATMEGA328P_SIGNATURE;
    this.baudRate = options.baudRate ?? 115200;
    const chatter = options.chatter;
    let dtr = true;
    this.port = new FakeSerialPort({
      onBytes: (bytes) => this.receive(bytes),
      onSignals: (signals) => {
        if (signals.dataTerminalReady === undefined) return;
        // The reset comes from DTR rising (through the board's capacitor), not from its level.
        if (!dtr && signals.dataTerminalReady) {
          if (chatter) this.port.emit(new TextEncoder().encode(chatter));
          this.inBootloader = true;
          this.programStarted = false;
          this.inbox = [];
        }
        dtr = signals.dataTerminalReady;
      },
    });
  }

  /** Whether the page pulsed DTR and RTS low then high. */
  get sawResetPulse() {
    const s = this.port.signals;
    return s.some(
      (low, i) =>
        low.dataTerminalReady === false &&
        low.requestToSend === false &&
        s[i + 1]?.dataTerminalReady === true &&
        s[i + 1]?.requestToSend === true,
    );
  }

  private receive(bytes: Uint8Array) {
    if (!this.inBootloader || this.port.baudRate !== this.baudRate) return;
    this.inbox.push(...bytes);
    while (this.inbox.length > 0 && this.handleOne()) {}
  }

  /** Handles the command at the head of the inbox; false when it has not all arrived yet. */
  private handleOne(): boolean {
    const cmd = this.inbox[0] ?? 0;
    let length = 2;
    if (cmd === 0x55) length = 4;
    if (cmd === 0x64) {
      if (this.inbox.length < 4) return false;
      length = 4 + (((this.inbox[1] ?? 0) << 8) | (this.inbox[2] ?? 0)) + 1;
    }
    if (this.inbox.length < length) return false;
    const frame = this.inbox.splice(0, length);
    this.commands.push(cmd);
    if (frame[length - 1] !== 0x20) {
      // Optiboot lets its watchdog reset the chip when a command lacks its end byte.
      this.mistakes.push(`command 0x${cmd.toString(16)} without 0x20`);
      this.inBootloader = false;
      return true;
    }
    switch (cmd) {
      case 0x30:
      case 0x50:
        this.reply();
        break;
      case 0x75:
        this.reply(...this.signature);
        break;
      case 0x55:
        this.byteAddress = ((frame[1] ?? 0) | ((frame[2] ?? 0) << 8)) * 2;
        this.reply();
        break;
      case 0x64: {
        if (frame[3] !== 0x46) this.mistakes.push(`page of memory type ${frame[3]}`);
        const data = frame.slice(4, length - 1);
        if (this.byteAddress + data.length > this.flash.length) this.mistakes.push('page past the flash');
        else this.flash.set(data, this.byteAddress);
        this.reply();
        break;
      }
      case 0x51:
        this.reply();
        this.inBootloader = false;
        this.programStarted = true;
        break;
      default:
        this.mistakes.push(`unknown command 0x${cmd.toString(16)}`);
        this.port.emit([0x15]);
    }
    return true;
  }

  private reply(...payload: number[]) {
    this.port.emit([0x14, ...payload, 0x10]);
  }
}
